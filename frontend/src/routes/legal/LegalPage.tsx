import './legal.css';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader, usePageTitle } from '../../ui';

const LAST_UPDATED = '21 November 2026';
const CONTACT_EMAIL = 'support@sparkhouse.app';

interface Section {
  id: string;
  title: string;
  body: ReactNode;
}

function LegalPage({ title, summary, sections }: { title: string; summary: string; sections: Section[] }) {
  usePageTitle(title);
  return (
    <article className="page page--narrow prose legal">
      <PageHeader eyebrow="Legal" title={title}>
        <p>{summary}</p>
        <p className="muted">Last updated {LAST_UPDATED}</p>
      </PageHeader>
      <nav aria-label="On this page" className="legal__toc">
        <ol>
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`}>
          <h2 id={`${s.id}-title`}>{s.title}</h2>
          {s.body}
        </section>
      ))}
    </article>
  );
}

const contact = <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>;

const TERMS: Section[] = [
  {
    id: 'agreement',
    title: 'Agreeing to these terms',
    body: (
      <p>
        Sparkhouse is a place to learn from online classes, collections and schools, and a studio where creators build and publish
        mobile apps. By creating an account, signing in, joining a waitlist or buying anything on Sparkhouse, you agree to these
        terms and to our <Link to="/privacy">Privacy Policy</Link>. If you do not agree, please do not use the service.
      </p>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    body: (
      <>
        <p>
          You can sign up with an email and password, or with Google or Apple. You must give accurate details, keep your password
          to yourself and tell us promptly if you think someone else has used your account. You are responsible for what happens
          under your account.
        </p>
        <p>
          You must be old enough to form a binding contract where you live, or use Sparkhouse with a parent’s or guardian’s
          consent.
        </p>
      </>
    ),
  },
  {
    id: 'purchases',
    title: 'Purchases and subscriptions',
    body: (
      <>
        <p>
          Prices are shown before you pay, in the currency shown (US dollars unless stated). Payments are handled by our card
          payment provider; we never see or store your full card number.
        </p>
        <p>
          Subscriptions renew automatically at the end of each period (monthly or annual) until you cancel. You can cancel at any
          time; you keep access until the end of the period you have paid for. A free trial, when offered, turns into a paid
          subscription at its end unless you cancel before then. Refunded purchases no longer give access to their content.
        </p>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Classes and content',
    body: (
      <p>
        Classes, videos and other materials belong to Sparkhouse or to the creators who made them. Buying or subscribing gives you
        a personal, non-transferable right to watch and use them for your own learning. Please do not copy, resell, share your
        login to, or publicly redistribute any of it.
      </p>
    ),
  },
  {
    id: 'creators',
    title: 'Creators and the apps they publish',
    body: (
      <p>
        If you build an app on Sparkhouse, you keep the rights to what you upload and write. You give us the permission we need to
        host, display and distribute it as part of the service, including generating descriptions and images from it when you ask
        us to. You are responsible for having the rights to what you upload, for the prices you set, and for what your app
        promises its users. AI-generated text and images can be wrong; review them before you publish.
      </p>
    ),
  },
  {
    id: 'conduct',
    title: 'Acceptable use',
    body: (
      <ul>
        <li>Do not break the law, infringe anyone’s rights, or upload harmful, hateful or deceptive material.</li>
        <li>Do not try to get into accounts or systems that are not yours, or to disrupt the service.</li>
        <li>Do not scrape the catalogue or use automated means to create accounts or purchases.</li>
      </ul>
    ),
  },
  {
    id: 'ending',
    title: 'Ending your use',
    body: (
      <p>
        You can stop using Sparkhouse and close your account at any time. We may suspend or close an account that breaks these
        terms, after telling you why where we reasonably can.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Warranties and liability',
    body: (
      <p>
        We work hard to keep Sparkhouse available and correct, but it is provided “as is”. To the extent the law allows, we are
        not liable for indirect or consequential losses, and our total liability to you is limited to what you paid us in the
        twelve months before the claim. Nothing in these terms limits rights you have as a consumer that cannot be limited.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms as the service changes. When a change matters, we will tell you by email or in the app before it
        takes effect. Continuing to use Sparkhouse afterwards means you accept the updated terms.
      </p>
    ),
  },
  { id: 'contact', title: 'Contact', body: <p>Questions about these terms? Write to us at {contact}.</p> },
];

const PRIVACY: Section[] = [
  {
    id: 'collect',
    title: 'What we collect',
    body: (
      <ul>
        <li>
          <strong>Account details</strong>: your name, email address, password (stored only as a secure hash) or the Google or
          Apple account you sign in with, and profile details you choose to add, such as a photo or a short bio.
        </li>
        <li>
          <strong>Purchases</strong>: what you bought or subscribed to, when, and at what price. Card details go straight to our
          payment provider; we keep only a customer reference.
        </li>
        <li>
          <strong>Learning progress</strong>: which classes you are enrolled in, how far you have watched, and answers you give in
          app onboarding and personalised plans.
        </li>
        <li>
          <strong>Analytics</strong>: the pages you view and the actions you take (for example, adding a class to your cart), with
          your browser type, time zone and approximate location.
        </li>
        <li>
          <strong>Before you sign up</strong>: a random anonymous identifier kept in your browser, so that onboarding answers and
          a cart can follow you into your account when you create one.
        </li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <>
        <p>
          We keep a few things in your browser: your sign-in session, your cart, your theme choice and the anonymous identifier
          above. We also set cookies that remember which special offer you have seen and when, so we show offers fairly and do not
          repeat them too often.
        </p>
        <p>You can clear these at any time in your browser settings; you will be signed out and your cart will be emptied.</p>
      </>
    ),
  },
  {
    id: 'use',
    title: 'How we use it',
    body: (
      <ul>
        <li>To run your account, give you access to what you bought and remember your progress.</li>
        <li>To take payments and send receipts, sign-in codes and other messages about your account.</li>
        <li>To understand which pages and classes are useful, fix problems and improve the product.</li>
        <li>To show relevant offers and to measure our advertising, using page views and events.</li>
        <li>To keep Sparkhouse secure and prevent fraud and abuse.</li>
      </ul>
    ),
  },
  {
    id: 'share',
    title: 'Who we share it with',
    body: (
      <p>
        We do not sell your personal information. We share it only with providers that help us run Sparkhouse — payment
        processing, email delivery, hosting, analytics, advertising measurement and error reporting — under contracts that limit
        their use of it to that work, and with authorities when the law requires it.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <p>
        We keep account, purchase and progress information while your account is open. Records of purchases are kept as long as
        tax and accounting law requires. Analytics data is kept in aggregated or pseudonymous form.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your choices and rights',
    body: (
      <p>
        You can see and update your profile in the app, and ask us for a copy of your data, to correct it, or to delete your
        account and the data tied to it. Depending on where you live, you may also object to some uses or complain to your data
        protection authority. Write to us and we will answer within 30 days.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        For anything about your privacy, write to {contact}. See also our <Link to="/terms">Terms of Use</Link>.
      </p>
    ),
  },
];

export const TermsPage = () => (
  <LegalPage
    title="Terms of Use"
    summary="The agreement between you and Sparkhouse when you learn, buy or build here."
    sections={TERMS}
  />
);

export const PrivacyPage = () => (
  <LegalPage title="Privacy Policy" summary="What we collect, why we collect it, and the choices you have." sections={PRIVACY} />
);
