import { PageHeader } from '../layout/PageHeader';

export function LegalPage({ title, summary }: { title: string; summary: string }) {
  return (
    <article className="page page--narrow prose">
      <PageHeader eyebrow="Legal" title={title}>
        <p>{summary}</p>
      </PageHeader>
      <div className="callout">
        <strong>The full text is being finalised.</strong> This page will hold the complete document; it is linked from the
        consent line “By continuing, you agree to the product’s Terms and Privacy Policy”.
      </div>
    </article>
  );
}

export const TermsPage = () => <LegalPage title="Terms of Service" summary="The terms that apply when you use Sparkhouse." />;
export const PrivacyPage = () => <LegalPage title="Privacy Policy" summary="What we collect, why, and the choices you have." />;
