import type { OnboardingAnswer, OnboardingPage, OnboardingQuestion } from '@sparkhouse/contracts';
import { useId } from 'react';

export type Answers = Record<string, OnboardingAnswer>;

function QuestionField({
  question,
  value,
  problem,
  onAnswer,
}: {
  question: OnboardingQuestion;
  value: OnboardingAnswer | undefined;
  problem?: string;
  onAnswer: (value: OnboardingAnswer) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const described = problem ? errorId : undefined;
  const options = question.options ?? [];
  const optional = question.required === false ? <span className="muted"> (optional)</span> : null;

  if (question.kind === 'single' || question.kind === 'multi') {
    const chosen = question.kind === 'multi' ? (Array.isArray(value) ? value : []) : typeof value === 'string' ? [value] : [];
    return (
      <fieldset className="ob-question" aria-describedby={described}>
        <legend className="ob-question__prompt">
          {question.prompt}
          {optional}
          {question.kind === 'multi' && <span className="ob-question__hint">Choose all that apply</span>}
        </legend>
        <div className="ob-options">
          {options.map((option) => {
            const on = chosen.includes(option);
            return (
              <label key={option} className={`ob-option${on ? ' ob-option--on' : ''}`}>
                <input
                  type={question.kind === 'multi' ? 'checkbox' : 'radio'}
                  name={`${id}-${question.id}`}
                  value={option}
                  checked={on}
                  onChange={() =>
                    onAnswer(
                      question.kind === 'multi'
                        ? on
                          ? chosen.filter((c) => c !== option)
                          : options.filter((o) => o === option || chosen.includes(o))
                        : option,
                    )
                  }
                />
                <span>{option}</span>
              </label>
            );
          })}
        </div>
        {problem && (
          <p id={errorId} className="ob-question__error" role="alert">
            {problem}
          </p>
        )}
      </fieldset>
    );
  }

  const inputType = question.kind === 'number' ? 'number' : question.kind === 'date' ? 'date' : 'text';
  const shown = value === null || value === undefined || Array.isArray(value) ? '' : String(value);
  return (
    <div className="ob-question">
      <label htmlFor={id} className="ob-question__prompt">
        {question.prompt}
        {optional}
      </label>
      {question.kind === 'text' ? (
        <textarea
          id={id}
          className="ob-input"
          rows={3}
          maxLength={2000}
          value={shown}
          placeholder={question.placeholder}
          aria-invalid={Boolean(problem)}
          aria-describedby={described}
          onChange={(e) => onAnswer(e.target.value)}
        />
      ) : (
        <input
          id={id}
          className="ob-input"
          type={inputType}
          inputMode={question.kind === 'number' ? 'decimal' : undefined}
          min={question.min}
          max={question.max}
          value={shown}
          placeholder={question.placeholder}
          aria-invalid={Boolean(problem)}
          aria-describedby={described}
          onChange={(e) => {
            const raw = e.target.value;
            // a number is kept as a number; half-typed input stays text until it reads as one
            onAnswer(question.kind === 'number' && raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw);
          }}
        />
      )}
      {problem && (
        <p id={errorId} className="ob-question__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

/**
 * One page of an app's onboarding as a visitor meets it: its title, text and questions. The same
 * view draws the visitor's flow and the builder's phone-sized preview.
 */
export function OnboardingStepView({
  page,
  answers,
  problems = {},
  onAnswer,
  headingLevel = 2,
}: {
  page: OnboardingPage;
  answers: Answers;
  problems?: Record<string, string>;
  onAnswer: (questionId: string, value: OnboardingAnswer) => void;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="ob-step">
      <Heading className="ob-step__title" tabIndex={-1}>
        {page.title}
      </Heading>
      {page.body && <p className="ob-step__body">{page.body}</p>}
      {page.questions.map((q) => (
        <QuestionField
          key={q.id}
          question={q}
          value={answers[q.id]}
          problem={problems[q.id]}
          onAnswer={(v) => onAnswer(q.id, v)}
        />
      ))}
    </div>
  );
}
