import { ApiError, isAbortError, isTimeoutError } from './api';
import { clearToken, getToken, isTokenExpired } from './auth/token';
import { appBack, appNavigate } from './navigation';
import { toast } from './toast';

// Verbatim texts of spec 000 §8 / 002 §8 "Global handling".
export const MSG_UNKNOWN = 'Ein unbekannter Fehler ist aufgetreten.';
export const MSG_UNAUTHORIZED = 'Sie sind nicht berechtigt diese Seite zu öffnen.';
export const MSG_NOT_FOUND = 'Die gewünschte Seite existiert nicht.';
export const validationMessage = (first: string) => `Validierung fehlgeschlagen: ${first}`;

export const NOT_FOUND_PATH = '/nicht-gefunden';

/**
 * The global error handling of spec 000 §8 / 002 §8, where a known error (a refusal with the
 * domain's text, `ApiError.bekannt`) is shown as that text, not as 'Ein unbekannter Fehler ist
 * aufgetreten.' plus the text (issue 14). Called once per failed query or
 * mutation by the query client (lib/queryClient.ts); callers that handle an error
 * themselves opt out with `meta: { globalErrorHandling: false }`; callers that attach
 * validationErrors to their fields set `handleValidation` (request option or meta) so the
 * warning 'Validierung fehlgeschlagen: …' is not shown twice.
 */
export function handleGlobalError(error: unknown, options: { handleValidation?: boolean } = {}): void {
  if (isAbortError(error)) return;
  // a call's timeout ran out (lib/api.ts): said in German, unlike a cancel, which says nothing
  if (isTimeoutError(error)) {
    toast.error(error.message);
    return;
  }

  if (!(error instanceof ApiError)) {
    console.error(error);
    toast.error(MSG_UNKNOWN);
    return;
  }

  switch (error.status) {
    case 401: {
      toast.error(MSG_UNAUTHORIZED);
      if (getToken()) {
        clearToken();
        appNavigate('/', { replace: true });
      }
      return;
    }
    case 403: {
      toast.error(MSG_UNAUTHORIZED);
      const token = getToken();
      if (token && isTokenExpired(token)) {
        clearToken();
        appNavigate('/', { replace: true });
      } else {
        appBack();
      }
      return;
    }
    case 404: {
      toast.error(MSG_NOT_FOUND);
      // replace: 'Zurück' on the not-found page must not lead into the failing page again
      appNavigate(NOT_FOUND_PATH, { replace: true });
      return;
    }
    case 500: {
      console.error(`Serverfehler 500, traceId: ${error.traceId ?? 'unbekannt'}`);
      return;
    }
    default:
      break;
  }

  if (error.status === 400 && error.hasValidationErrors) {
    if (!error.handleValidation && !options.handleValidation) toast.warning(validationMessage(error.firstValidationMessage ?? ''));
    return;
  }

  if (error.bekannt) {
    toast.error(error.message);
    return;
  }
  toast.error(MSG_UNKNOWN, error.message || undefined);
}

/**
 * For callers that opt out of the global handling (`meta: { globalErrorHandling: false }`)
 * because the server's own text is the message: a 4xx refusal with a text (400 without
 * validationErrors, 409 conflict, …) becomes an error toast with that text; without a text
 * `standard` ('Fehler beim Speichern') is shown. 401/403/404/500 and validation errors go
 * the global way (redirects, 'Validierung fehlgeschlagen: …').
 */
export function zeigeFehler(error: unknown, standard?: string): void {
  if (isAbortError(error)) return;
  if (isTimeoutError(error)) {
    handleGlobalError(error);
    return;
  }
  if (error instanceof ApiError) {
    if ([401, 403, 404, 500].includes(error.status) || (error.status === 400 && error.hasValidationErrors)) {
      handleGlobalError(error);
      return;
    }
    if (error.bekannt) {
      toast.error(error.message);
      return;
    }
  }
  if (standard) {
    if (!(error instanceof ApiError)) console.error(error);
    toast.error(standard);
    return;
  }
  handleGlobalError(error);
}
