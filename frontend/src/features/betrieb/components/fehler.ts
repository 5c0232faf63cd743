import { ApiError, isAbortError } from '@/lib/api';
import { handleGlobalError } from '@/lib/errors';
import { toast } from '@/lib/toast';

/**
 * For the operation's actions with a failure text of their own ('Freigeben fehlgeschlagen', …):
 * 401/403/404/500 take the global way (redirects, logging); anything else shows `text`, with the
 * server's message as second line.
 */
export function zeigeAktionsfehler(e: unknown, text: string): void {
  if (isAbortError(e)) return;
  if (e instanceof ApiError && [401, 403, 404, 500].includes(e.status)) {
    handleGlobalError(e);
    return;
  }
  if (!(e instanceof ApiError)) console.error(e);
  toast.error(text, e instanceof ApiError ? e.message || undefined : undefined);
}
