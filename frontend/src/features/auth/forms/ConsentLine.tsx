/** The consent line of spec section 2; both documents open in a new tab. */
export function ConsentLine() {
  return (
    <p className="auth-consent">
      By continuing, you agree to Sparkhouse’s{' '}
      <a href="/terms" target="_blank" rel="noopener noreferrer">
        Terms
      </a>{' '}
      and{' '}
      <a href="/privacy" target="_blank" rel="noopener noreferrer">
        Privacy Policy
      </a>
    </p>
  );
}
