import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api';
import { callApi } from '../../api/call-api';
import { memberApp } from '../../api/routes';
import { Button, usePageTitle } from '../../ui';

/** The link at the foot of every reminder email: one click turns off the reminders and the weekly summary. */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const stop = useMutation({ mutationFn: () => callApi(memberApp.unsubscribeReminders, { query: { token } }) });
  usePageTitle(stop.isSuccess ? 'You are unsubscribed' : 'Stop reminder emails');
  return (
    <div className="page">
      <section className="card" aria-labelledby="unsubscribe-title" style={{ maxWidth: 520, margin: '0 auto' }}>
        <h1 id="unsubscribe-title">{stop.isSuccess ? 'You are unsubscribed' : 'Stop reminder emails'}</h1>
        {stop.isSuccess ? (
          <p role="status">
            You will get no more reminders or weekly summaries from {stop.data.appName}. You can turn them on again in the app’s
            Account screen.
          </p>
        ) : (
          <>
            <p className="muted">No more daily reminders or weekly summaries for this app.</p>
            {stop.isError && (
              <p className="inline-error" role="alert">
                {errorMessage(stop.error)}
              </p>
            )}
            <Button onClick={() => stop.mutate()} loading={stop.isPending} disabled={!token}>
              Unsubscribe
            </Button>
          </>
        )}
      </section>
    </div>
  );
}
