/** "Step 2 of 5" with a bar: where the visitor is in the flow. */
export function OnboardingProgress({ index, total }: { index: number; total: number }) {
  const percent = total === 0 ? 0 : Math.round(((index + 1) / total) * 100);
  return (
    <div className="ob-progress">
      <span>
        Step {index + 1} of {total}
      </span>
      <div
        className="ob-progress__track"
        role="progressbar"
        aria-label="Onboarding progress"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={index + 1}
      >
        <div className="ob-progress__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
