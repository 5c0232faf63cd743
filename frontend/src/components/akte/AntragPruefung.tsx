import { useId, useState } from 'react';
import { Button } from '@/components/Button';
import { useConfirm } from '@/components/ConfirmDialog';
import { Dialog } from '@/components/Dialog';
import { inputClass } from '@/components/FormField';
import { Laden } from '@/components/Laden';
import { ApiError } from '@/lib/api';
import { zeigeFehler } from '@/lib/errors';
import { MSG_MINDESTENS_EINS } from '@/lib/form';
import { formatDate } from '@/lib/format';
import { LAENGEN } from '@/lib/laengen';
import { toast } from '@/lib/toast';

// Verbatim texts of spec 000 §8 "Change-application review".
export const MSG_UEBERNOMMEN = 'Daten wurden übernommen und der Antrag gelöscht';
export const MSG_ABGELEHNT = 'Daten wurden abgelehnt und der Antrag gelöscht';
// Ours (docs/decisions.md, issue 28): the question before a whole application is refused.
export const ABLEHNUNG_TITEL = 'Ablehnung bestätigen';
export const ABLEHNUNG_FRAGE =
  'Wollen Sie den Änderungsantrag wirklich vollständig ablehnen? Keiner der beantragten Werte wird übernommen; der Antragsteller erhält Ihre Begründungen.';

/** As the server says it when a refused field has no reason (antrag.MsgFeldBegruendung). */
export const begruendungFehlt = (bezeichnung: string) => `Bitte begründen Sie, warum „${bezeichnung}“ nicht übernommen wird.`;

/** One field of an application: its label, the current value and the value asked for, as the form shows them. */
export interface Antragszeile<F extends string = string> {
  feld: F;
  bezeichnung: string;
  aktuell: string;
  beantragt: string;
}

/** The reasons of the refused fields, field → reason. */
export type Begruendungen<F extends string = string> = Partial<Record<F, string>>;

export interface AntragPruefungProps<F extends string> {
  titel: string;
  /** The open application (null: none), while it loads undefined. */
  antrag: { gestelltAm?: string | null; kommentar?: string | null } | null | undefined;
  /** Shown when there is no open application. */
  keinAntrag: string;
  /** Every field of the application; only those whose requested value differs from the current one are listed. */
  zeilen: Antragszeile<F>[];
  /** Adopt felder, refuse the other listed fields with their reasons (POST …/uebernahme). */
  uebernehmen: (felder: F[], begruendungen: Begruendungen<F>) => Promise<unknown>;
  /** Refuse the whole application, every listed field with its reason (DELETE). */
  ablehnen: (begruendungen: Begruendungen<F>) => Promise<unknown>;
  /** The failure texts of the two actions. */
  fehlertexte?: { uebernehmen?: string; ablehnen?: string };
  onClose: () => void;
}

/**
 * Staff review an application (the operation's Stammdaten-Antrag, a plant's Änderungsantrag, …)
 * field by field — the one review of every area (docs/architektur.md): only the fields it
 * changes, each with its current and requested value; 'Übernehmen' adopts the ticked ones, and
 * every field not adopted needs a reason the applicant is told; 'Ablehnen' refuses the whole
 * application after a confirmation. The server's decision rule (domain/antrag) checks the same.
 */
export function AntragPruefung<F extends string>({
  titel,
  antrag,
  keinAntrag,
  zeilen: alleZeilen,
  uebernehmen,
  ablehnen,
  fehlertexte,
  onClose,
}: AntragPruefungProps<F>) {
  const id = useId();
  const [confirm, frage] = useConfirm();
  const [gewaehlt, setGewaehlt] = useState<F[]>([]);
  const [fehler, setFehler] = useState<string | undefined>();
  const [gruende, setGruende] = useState<Begruendungen<F>>({});
  const [grundFehler, setGrundFehler] = useState<Begruendungen<F>>({});
  const [laeuft, setLaeuft] = useState(false);
  const zeilen = alleZeilen.filter((z) => z.aktuell !== z.beantragt);
  const name = (f: F) => zeilen.find((z) => z.feld === f)?.bezeichnung ?? f;

  const grundFeld = (f: F) => document.getElementById(`${id}-grund-${f}`);
  /** The server's field errors at their rows (begruendungen.<feld>, felder); other errors as toasts. */
  const serverfehler = (e: unknown, text?: string) => {
    if (e instanceof ApiError && e.status === 400) {
      const f: Begruendungen<F> = {};
      for (const [k, m] of Object.entries(e.validationErrors)) if (k.startsWith('begruendungen.')) f[k.slice(14) as F] = m;
      const auswahl = e.validationErrors.felder;
      if (Object.keys(f).length > 0 || auswahl) {
        setGrundFehler(f);
        setFehler(auswahl);
        const erster = zeilen.find((z) => f[z.feld]);
        if (erster) grundFeld(erster.feld)?.focus();
        return;
      }
    }
    zeigeFehler(e, text);
  };
  /** Every refused field needs a reason; marks the rows without one and focuses the first. */
  const begruendet = (abgelehnt: F[]) => {
    const f: Begruendungen<F> = {};
    for (const feld of abgelehnt) if (!gruende[feld]?.trim()) f[feld] = begruendungFehlt(name(feld));
    setGrundFehler(f);
    const erster = abgelehnt.find((x) => f[x]);
    if (erster) grundFeld(erster)?.focus();
    return !erster;
  };
  const begruendungen = (abgelehnt: F[]) => Object.fromEntries(abgelehnt.map((f) => [f, gruende[f]?.trim() ?? ''])) as Begruendungen<F>;
  const ausfuehren = async (aktion: () => Promise<unknown>, erfolg: string, text?: string) => {
    setLaeuft(true);
    try {
      await aktion();
      toast.success(erfolg);
      onClose();
    } catch (e) {
      serverfehler(e, text);
    } finally {
      setLaeuft(false);
    }
  };

  const onUebernehmen = () => {
    // only listed fields can be ticked; the order is the form's
    const felder = zeilen.map((z) => z.feld).filter((f) => gewaehlt.includes(f));
    if (felder.length === 0) {
      setFehler(MSG_MINDESTENS_EINS);
      document.getElementById(`${id}-${zeilen[0]?.feld}`)?.focus();
      return;
    }
    const abgelehnt = zeilen.map((z) => z.feld).filter((f) => !felder.includes(f));
    if (!begruendet(abgelehnt)) return;
    void ausfuehren(() => uebernehmen(felder, begruendungen(abgelehnt)), MSG_UEBERNOMMEN, fehlertexte?.uebernehmen);
  };

  const onAblehnen = async () => {
    const abgelehnt = zeilen.map((z) => z.feld);
    if (!begruendet(abgelehnt)) return;
    const ok = await confirm({ title: ABLEHNUNG_TITEL, message: ABLEHNUNG_FRAGE, confirmLabel: 'Ablehnen', cancelLabel: 'Abbrechen', destructive: true });
    if (!ok) return;
    void ausfuehren(() => ablehnen(begruendungen(abgelehnt)), MSG_ABGELEHNT, fehlertexte?.ablehnen);
  };

  const th = 'border-b border-gray-300 px-3 py-2 font-semibold whitespace-nowrap';
  return (
    <Dialog
      open
      onClose={onClose}
      title={titel}
      width={900}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Abbrechen
          </Button>
          {antrag && (
            <>
              <Button variant="danger" disabled={laeuft} onClick={() => void onAblehnen()}>
                Ablehnen
              </Button>
              <Button disabled={laeuft} onClick={onUebernehmen}>
                Übernehmen
              </Button>
            </>
          )}
        </>
      }
    >
      {antrag === undefined ? (
        <Laden />
      ) : !antrag ? (
        <p>{keinAntrag}</p>
      ) : (
        <div className="space-y-4">
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
            {antrag.gestelltAm && (
              <>
                <dt className="font-semibold">Gestellt am</dt>
                <dd>{formatDate(antrag.gestelltAm)}</dd>
              </>
            )}
            <dt className="font-semibold">Kommentar</dt>
            <dd className="whitespace-pre-wrap">{antrag.kommentar || '–'}</dd>
          </dl>
          <p className="text-sm">
            Wählen Sie die Felder, deren beantragten Wert Sie übernehmen. Jedes Feld, das Sie nicht übernehmen, braucht eine Begründung –
            der Antragsteller erfährt so, warum.
          </p>
          <div className="overflow-x-auto rounded border border-gray-300">
            <table className="w-full border-collapse text-sm" aria-describedby={fehler ? id : undefined}>
              <caption className="sr-only">Beantragte Änderungen</caption>
              <thead className="bg-gray-100 text-left">
                <tr>
                  {['Feld', 'Aktueller Wert', 'Beantragter Wert', 'Übernehmen', 'Begründung der Ablehnung'].map((h) => (
                    <th key={h} scope="col" className={th}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {zeilen.length === 0 && (
                  <tr>
                    <td colSpan={5} className="px-3 py-4 text-center text-gray-700">
                      Keine Einträge vorhanden
                    </td>
                  </tr>
                )}
                {zeilen.map((z) => (
                  <tr key={z.feld} className="border-b border-gray-200 align-top">
                    <th scope="row" className="px-3 py-2 text-left font-medium">
                      {z.bezeichnung}
                    </th>
                    <td className="px-3 py-2 whitespace-pre-wrap">{z.aktuell || '–'}</td>
                    <td className="px-3 py-2 whitespace-pre-wrap">{z.beantragt || '–'}</td>
                    <td className="px-3 py-2">
                      <input
                        id={`${id}-${z.feld}`}
                        type="checkbox"
                        className="h-4 w-4"
                        aria-label={`${z.bezeichnung} übernehmen`}
                        aria-invalid={fehler ? true : undefined}
                        checked={gewaehlt.includes(z.feld)}
                        onChange={(e) => {
                          setFehler(undefined);
                          setGewaehlt((g) => (e.target.checked ? [...g, z.feld] : g.filter((f) => f !== z.feld)));
                          setGrundFehler((g) => ({ ...g, [z.feld]: undefined }));
                        }}
                      />
                    </td>
                    <td className="px-3 py-2">
                      <textarea
                        id={`${id}-grund-${z.feld}`}
                        rows={1}
                        maxLength={LAENGEN.begruendung}
                        className={`${inputClass} min-w-48`}
                        aria-label={`Begründung zu ${z.bezeichnung}`}
                        aria-invalid={grundFehler[z.feld] ? true : undefined}
                        aria-describedby={grundFehler[z.feld] ? `${id}-grund-${z.feld}-fehler` : undefined}
                        value={gruende[z.feld] ?? ''}
                        onChange={(e) => {
                          setGruende((g) => ({ ...g, [z.feld]: e.target.value }));
                          setGrundFehler((g) => ({ ...g, [z.feld]: undefined }));
                        }}
                      />
                      {grundFehler[z.feld] && (
                        <p id={`${id}-grund-${z.feld}-fehler`} role="alert" className="mt-1 text-xs text-red-700">
                          {grundFehler[z.feld]}
                        </p>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {fehler && (
            <p id={id} role="alert" className="text-sm text-red-700">
              {fehler}
            </p>
          )}
        </div>
      )}
      {frage}
    </Dialog>
  );
}
