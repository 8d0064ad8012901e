/** "/watch/{title-and-id}": the title slugged, then the product id after the last '-'. */
export function productIdFromWatchSlug(titleAndId: string | undefined): string | null {
  if (!titleAndId) return null;
  // A UUID holds dashes of its own: take it whole when the address ends with one.
  const uuid = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(titleAndId);
  if (uuid) return uuid[1];
  const index = titleAndId.lastIndexOf('-');
  const id = index === -1 ? titleAndId : titleAndId.slice(index + 1);
  return id.trim() ? id : null;
}

export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const watchPath = (product: { id: string; title: string }): string =>
  `/watch/${[slugify(product.title), product.id].filter(Boolean).join('-')}`;
