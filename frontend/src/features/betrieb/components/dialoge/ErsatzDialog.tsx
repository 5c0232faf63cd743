import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import { FormularFuss } from '@/components/DialogFuss';
import { NetzDialog, netzText } from '@/components/akte/NetzDialog';
import { kommunaleKlaeranlagen, zuErsetzendeQuery } from '@/features/betrieb/api/zu-ersetzende-anlagen';

export const ERSATZ_TITEL = 'Ersatzkläranlagen auswählen';
// spec 000 §5
export const MSG_ERSATZ_FEHLT = 'Für jede Kläranlage des Betriebs muss eine Ersatzkläranlage ausgewählt werden!';
// ours
export const MSG_ERSATZ_HINWEIS =
  'In diese Kläranlagen des Betriebs leiten Anlagen anderer Betriebe ein. Wählen Sie für jede die Kläranlage, in die sie künftig einleiten.';

/** The choice of the dialog: plant id → the replacement (its id and how it is named). */
export type Ersatzwahl = Record<string, { id: number; anzeige: string }>;

/**
 * The shut-down of an operation (spec 000 §4): for each of its municipal treatment plants that
 * plants of other operations discharge into, the treatment plant they discharge into from now
 * on — a municipal one of another operation. 'Übernehmen' needs one for each; 'Abbrechen' keeps
 * the operation in operation.
 */
export function ErsatzDialog({ betriebId, wahl, onUebernehmen, onAbbrechen }: { betriebId: string; wahl: Ersatzwahl; onUebernehmen: (w: Ersatzwahl) => void; onAbbrechen: () => void }) {
  const formId = useId();
  const fehlerId = useId();
  const liste = useQuery(zuErsetzendeQuery(betriebId));
  const [gewaehlt, setGewaehlt] = useState<Ersatzwahl>(wahl);
  const [offen, setOffen] = useState<number | null>(null);
  const [fehler, setFehler] = useState<string | undefined>();
  const anlagen = liste.data ?? [];
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (anlagen.some((a) => !gewaehlt[String(a.id)])) {
      setFehler(MSG_ERSATZ_FEHLT);
      return;
    }
    onUebernehmen(gewaehlt);
  };
  return (
    <Dialog open onClose={onAbbrechen} title={ERSATZ_TITEL} width={700} footer={<FormularFuss formId={formId} onAbbrechen={onAbbrechen} label="Übernehmen" />}>
      <form id={formId} noValidate onSubmit={onSubmit} aria-label={ERSATZ_TITEL} aria-describedby={fehler ? fehlerId : undefined} className="flex flex-col gap-4">
        <p className="text-sm">{MSG_ERSATZ_HINWEIS}</p>
        {liste.isPending ? (
          <p className="text-sm text-gray-700">Wird geladen …</p>
        ) : (
          <ul className="divide-y divide-gray-200 rounded border border-gray-300">
            {anlagen.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span className="text-sm">
                  <span className="block font-medium">{a.bezeichnung}</span>
                  <span className="block text-gray-700">
                    {a.anzahlIndirekteinleiter} einleitende Anlage{a.anzahlIndirekteinleiter === 1 ? '' : 'n'} anderer Betriebe · Ersatz:{' '}
                    <span data-testid={`ersatz-${a.id}`}>{gewaehlt[String(a.id)]?.anzeige ?? 'keine ausgewählt'}</span>
                  </span>
                </span>
                <Button variant="secondary" aria-label={`Ersatzkläranlage für ${a.bezeichnung} auswählen`} onClick={() => setOffen(a.id ?? null)}>
                  Auswählen
                </Button>
              </li>
            ))}
          </ul>
        )}
        {fehler && (
          <p id={fehlerId} role="alert" className="text-sm text-red-700">
            {fehler}
          </p>
        )}
      </form>
      {offen !== null && (
        <NetzDialog
          titel={`Ersatzkläranlage für ${anlagen.find((a) => a.id === offen)?.bezeichnung ?? 'die Kläranlage'}`}
          abfrage={kommunaleKlaeranlagen}
          // the operation's own plants leave operation with it
          zeigen={(z) => String(z.betriebId) !== betriebId}
          onClose={() => setOffen(null)}
          onUebernehmen={(n) => {
            setGewaehlt((g) => ({ ...g, [String(offen)]: { id: n.id, anzeige: netzText(n) } }));
            setFehler(undefined);
            setOffen(null);
          }}
        />
      )}
    </Dialog>
  );
}
