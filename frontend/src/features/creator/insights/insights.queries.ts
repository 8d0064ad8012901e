import { useQuery } from '@tanstack/react-query';
import { appInsights } from '../../../api/routes';
import { API_PREFIX, buildQueryString, currentTimeZone, errorFromBody, identityHeaders } from '../../../api/call-api';
import { callCreator } from '../creator-api';

export const insightsKeys = {
  report: (appId: string, days: number) => ['creator', 'insights', appId, days] as const,
};

/** The app's Insights over the last `days`; refreshed every minute while open. */
export function useAppInsights(appId: string, days: number) {
  return useQuery({
    queryKey: insightsKeys.report(appId, days),
    queryFn: ({ signal }) => callCreator(appInsights.getAppInsights, { query: { appId, days }, signal }),
    refetchInterval: 60_000,
  });
}

/** Downloads the report by day as a CSV file (the server names it). */
export async function downloadInsightsCsv(appId: string, days: number): Promise<void> {
  const res = await fetch(API_PREFIX + appInsights.getAppInsightsCsv.path + buildQueryString({ appId, days }), {
    headers: { Accept: 'text/csv', 'X-Time-Zone': currentTimeZone(), ...identityHeaders() },
  });
  if (!res.ok) throw errorFromBody(res.status, await res.json().catch(() => null));
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'insights.csv';
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // the download has started from the link; the object URL is no longer needed once this task ends
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
