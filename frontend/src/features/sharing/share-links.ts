/**
 * Where a link can be shared from the share modal: email and the big social networks, each as the
 * address of its own share page (nothing is sent from here; the visitor's browser opens it).
 */
export interface ShareTarget {
  id: 'email' | 'x' | 'facebook' | 'linkedin' | 'whatsapp' | 'reddit';
  label: string;
  href: string;
}

/** `path` as an absolute address of this site ("https://sparkhouse.app/apps/casey/5k"). */
export function absoluteShareUrl(path: string, origin: string): string {
  return new URL(path, origin).toString();
}

export function shareTargets(url: string, title: string): ShareTarget[] {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  return [
    {
      id: 'email',
      label: 'Email',
      href: `mailto:?subject=${text}&body=${encodeURIComponent(`${title}\n\n${url}`)}`,
    },
    { id: 'x', label: 'X', href: `https://twitter.com/intent/tweet?url=${u}&text=${text}` },
    { id: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { id: 'linkedin', label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { id: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
    { id: 'reddit', label: 'Reddit', href: `https://www.reddit.com/submit?url=${u}&title=${text}` },
  ];
}

/** A file name for the QR code of a link: "couch-to-5k-qr.svg". */
export function qrFileName(title: string): string {
  const base = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'sparkhouse'}-qr.svg`;
}

/** The SVG text as a data: address an <img> shows and a download link saves. */
export const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
