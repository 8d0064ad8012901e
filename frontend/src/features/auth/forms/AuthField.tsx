import { Input, type InputProps } from '../../../ui';

/**
 * The kit's Input shows its error only while the field is empty (spec: UI kit). A format error
 * on a typed value still has to be seen and announced, so it is shown here below the field.
 */
export function AuthField({ error, value, className, ...props }: InputProps & { value: string }) {
  const typedError = Boolean(error) && value.length > 0;
  return (
    <div className={['auth-field', error && 'auth-field--invalid', className].filter(Boolean).join(' ')}>
      <Input {...props} value={value} error={error} errorOutline />
      {typedError && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
