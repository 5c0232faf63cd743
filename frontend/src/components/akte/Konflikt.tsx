import { ApiError, type Schema } from '@/lib/api';
import { Button } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import { Aenderungen, zeitpunkt, type VerlaufEintrag } from '@/components/Verlauf';

// A save refused because the object changed since it was loaded (409 with aenderungen, the
// Verlauf steps since the version sent): the dialog shows who changed what, the input stays in
// the form, and one click applies it again on the new version (useAktenFormular). The server
// bounds the list (docs/security.md, 'Conflict answers'): the newest ten in the caller's view,
// none for a version loaded before the login; aenderungenAusgelassen counts what it leaves out.

export const KONFLIKT_TITEL = 'Der Datensatz wurde zwischenzeitlich geändert';
export const KONFLIKT_ANWENDEN = 'Meine Eingaben auf den neuen Stand anwenden';
export const KONFLIKT_TEXT =
  'Seit Sie den Datensatz geladen haben, wurde er geändert. Ihre Eingaben sind nicht verloren. ' +
  'Wenn Sie sie auf den neuen Stand anwenden, ersetzen die von Ihnen geänderten Felder die gespeicherten Werte; ' +
  'alle anderen Felder zeigen den neuen Stand.';

export const KONFLIKT_KEINE = 'Die Änderungen seit dem Laden können hier nicht angezeigt werden.';

/** 'Dazu kommen 3 ältere Änderungen, …': the changes the list leaves out. */
export function konfliktWeitere(n: number): string {
  return n === 1
    ? 'Dazu kommt 1 ältere Änderung, die hier nicht aufgeführt ist.'
    : `Dazu kommen ${n} ältere Änderungen, die hier nicht aufgeführt sind.`;
}

/** The changes a conflict's answer lists (the newest, oldest first) and how many it leaves out. */
export interface Konflikt {
  aenderungen: VerlaufEintrag[];
  ausgelassen: number;
}

/** The changes of a 409 of a save since the version sent, or null for any other error. */
export function konfliktAenderungen(e: unknown): Konflikt | null {
  if (!(e instanceof ApiError) || e.status !== 409) return null;
  // the body as the API document's Versionskonflikt says, checked before use (a 409 of another refusal has no aenderungen)
  const body: Partial<Schema<'Versionskonflikt'>> = e.body;
  const a = body.aenderungen;
  if (!Array.isArray(a)) return null;
  const n = body.aenderungenAusgelassen;
  return { aenderungen: a, ausgelassen: typeof n === 'number' && n > 0 ? n : 0 };
}

/** The top-level fields whose values differ from the loaded ones: what the user changed. */
export function eigeneAenderungen<W>(werte: W, geladen: W): Partial<W> {
  const out: Partial<W> = {};
  for (const k of Object.keys(werte as object) as (keyof W)[]) {
    if (JSON.stringify(werte[k]) !== JSON.stringify(geladen[k])) out[k] = werte[k];
  }
  return out;
}

export function Konfliktdialog({
  konflikt,
  onAnwenden,
  onAbbrechen,
  laeuft,
}: {
  /** null: closed. */
  konflikt: Konflikt | null;
  /** Absent: the screen cannot apply the input again (only 'Abbrechen'). */
  onAnwenden?: () => void;
  onAbbrechen: () => void;
  laeuft: boolean;
}) {
  return (
    <Dialog
      open={konflikt !== null}
      onClose={onAbbrechen}
      title={KONFLIKT_TITEL}
      width={720}
      footer={
        <>
          <Button variant="secondary" onClick={onAbbrechen}>
            Abbrechen
          </Button>
          {onAnwenden && (
            <Button onClick={onAnwenden} disabled={laeuft}>
              {KONFLIKT_ANWENDEN}
            </Button>
          )}
        </>
      }
    >
      <p className="mb-4">{KONFLIKT_TEXT}</p>
      <h3 className="mb-2 font-semibold">Änderungen seit dem Laden</h3>
      {konflikt && konflikt.aenderungen.length === 0 ? (
        <p className="text-sm">{KONFLIKT_KEINE}</p>
      ) : (
        <>
          {konflikt && konflikt.ausgelassen > 0 && <p className="mb-2 text-sm">{konfliktWeitere(konflikt.ausgelassen)}</p>}
          <ol className="space-y-4" aria-label="Änderungen seit dem Laden">
            {(konflikt?.aenderungen ?? []).map((e) => (
              <li key={e.version} className="space-y-1">
                <p className="text-sm">
                  <span className="font-semibold">{e.akteur || 'Unbekannt'}</span>, {zeitpunkt(e.zeitpunkt)}: {e.zusammenfassung || e.ereignis}
                </p>
                <Aenderungen eintrag={e} />
              </li>
            ))}
          </ol>
        </>
      )}
    </Dialog>
  );
}
