import type { LandingPage } from '@sparkhouse/contracts';

/** The landing page as visitors will see it, drawn from the draft as it is typed. */
export function LandingPagePreview({ page, image }: { page: LandingPage; image?: string | null }) {
  return (
    <section className="card" aria-labelledby="lp-preview-title">
      <h2 id="lp-preview-title">Preview</h2>
      <div className="lp-preview" aria-label="Landing page preview" role="region">
        <div className="lp-preview__hero">
          {page.hero.image && <img src={page.hero.image.url} alt={page.hero.image.alt} className="lp-preview__banner" />}
          {image && <img src={image} alt="" width={72} height={72} className="builder__app-image" />}
          <h3>{page.hero.title || 'Your headline'}</h3>
          <p className="muted">{page.hero.subtitle}</p>
          {page.hero.cta && <span className="lp-preview__cta">{page.hero.cta}</span>}
        </div>
        {page.sections.map((section, index) => (
          <div key={index} className="lp-preview__section">
            {section.image && (
              <img src={section.image.url} alt={section.image.alt} className="lp-preview__banner" loading="lazy" />
            )}
            <h4>{section.title}</h4>
            <p>{section.body}</p>
            {section.items && section.items.length > 0 && (
              <ul>
                {section.items.map((item, i) => (
                  <li key={i}>{item}</li>
                ))}
              </ul>
            )}
          </div>
        ))}
        {page.screenshots && page.screenshots.length > 0 && (
          <div className="lp-preview__section">
            <h4>Screenshots</h4>
            <ul className="lp-preview__screens" aria-label="Screenshots">
              {page.screenshots.map((shot) => (
                <li key={shot.url}>
                  <img src={shot.url} alt="" loading="lazy" width={120} height={240} />
                  <span>{shot.caption}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="lp-preview__section">
          <h4>Pricing</h4>
          <div className="lp-preview__pricing">
            <div className="lp-preview__price">
              <strong>Monthly</strong>
              <p>{page.pricingCopy.monthly}</p>
            </div>
            <div className="lp-preview__price">
              <strong>Annual</strong>
              <p>{page.pricingCopy.annual}</p>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
