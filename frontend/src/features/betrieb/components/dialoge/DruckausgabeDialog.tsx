import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/Button';
import { Datumsfeld } from '@/components/Datumsfeld';
import { Dialog } from '@/components/Dialog';
import { formatDate, isoDateFromGerman, todayIso } from '@/lib/format';
import { speichereDatei } from '@/lib/download';
import { anlagenDesBetriebsQuery } from '@/lib/akte/anlagen-des-betriebs';
import { bescheideDesBetriebsQuery } from '@/lib/akte/bescheide-des-betriebs';
import { messstellenDesBetriebsQuery } from '@/lib/akte/messstellen-des-betriebs';
import { useDruckeBetriebsakte } from '@/features/betrieb/api/drucke-betriebsakte';

// Texts of the dialog (spec 001 §2.10 names the tree, the checkboxes and select-all; the
// wording and 'Stand zum' are ours, issue 33).
export const TITEL_DRUCKAUSGABE = 'Druckausgabe';
export const TEXT_ALLE = 'Alle auswählen';
export const TEXT_STAND_ZUM = 'Stand zum';
export const HINWEIS_STAND_ZUM = 'TT.MM.JJJJ – leer: heutiger Stand. Sonst zeigt der Ausdruck jedes Objekt, wie es am Ende dieses Tages gespeichert war.';
export const FEHLER_STAND_ZUM = 'Bitte geben Sie ein gültiges Datum an, das nicht in der Zukunft liegt.';
export const FEHLER_NICHTS = 'Bitte wählen Sie mindestens einen Teil der Betriebsakte für den Ausdruck aus.';

/** A node of the tree: its key ('betrieb', 'anlage:3', …) and its text. */
interface Knoten {
  key: string;
  text: string;
}

/** A group of the tree (Anlagen, Messstellen, …) with its nodes. */
interface Gruppe {
  titel: string;
  knoten: Knoten[];
}

export interface DruckausgabeDialogProps {
  open: boolean;
  onClose: () => void;
  betriebId: string;
  bezeichnung: string;
}

/**
 * The Druckausgabe (spec 001 §2.10): a tree of the operation, its plants, relief plants, sewer
 * networks, measuring points, Bescheide and Bescheidsanträge with a checkbox per node, a
 * group's box selecting its nodes, 'Alle auswählen', the day 'Stand zum' (empty: today), and
 * 'Drucken', which saves the server's PDF.
 */
export function DruckausgabeDialog({ open, onClose, betriebId, bezeichnung }: DruckausgabeDialogProps) {
  const anlagen = useQuery({ ...anlagenDesBetriebsQuery(betriebId), enabled: open });
  const messstellen = useQuery({ ...messstellenDesBetriebsQuery(betriebId), enabled: open });
  const bescheide = useQuery({ ...bescheideDesBetriebsQuery(betriebId), enabled: open });
  const drucken = useDruckeBetriebsakte(betriebId);
  const [gewaehlt, setGewaehlt] = useState<Set<string>>(() => new Set(['betrieb']));
  const [stand, setStand] = useState('');
  const [fehler, setFehler] = useState<{ stand?: string; auswahl?: string }>({});
  const formId = useId();

  const alleAnlagen = anlagen.data ?? [];
  const anlage = (typ: (t: string | undefined) => boolean) =>
    alleAnlagen.filter((a) => typ(a.anlagentyp)).map((a) => ({ key: `anlage:${a.id}`, text: a.bezeichnung ?? `Anlage ${a.id}` }));
  const gruppen: Gruppe[] = [
    { titel: 'Betrieb', knoten: [{ key: 'betrieb', text: `Betriebsdaten – ${bezeichnung}` }] },
    { titel: 'Anlagen', knoten: anlage((t) => t !== 'ENTLASTUNG' && t !== 'KANALNETZ') },
    { titel: 'Entlastungsanlagen', knoten: anlage((t) => t === 'ENTLASTUNG') },
    { titel: 'Kanalnetze', knoten: anlage((t) => t === 'KANALNETZ') },
    {
      titel: 'Messstellen',
      knoten: (messstellen.data ?? []).map((m) => ({ key: `messstelle:${m.id}`, text: `${m.messstellenId} ${m.bezeichnung}`.trim() })),
    },
    ...[false, true].map((antrag) => ({
      titel: antrag ? 'Bescheidsanträge' : 'Bescheide',
      knoten: (bescheide.data ?? [])
        .filter((b) => b.antrag === antrag)
        .map((b) => ({ key: `bescheid:${b.id}`, text: `${b.bescheidart || 'Bescheid'}${b.bescheidsdatum ? ` vom ${formatDate(b.bescheidsdatum)}` : ''}` })),
    })),
  ].filter((g) => g.knoten.length > 0);
  const alle = gruppen.flatMap((g) => g.knoten.map((k) => k.key));
  const laedt = anlagen.isPending || messstellen.isPending || bescheide.isPending;

  const setze = (keys: string[], an: boolean) =>
    setGewaehlt((alt) => {
      const neu = new Set(alt);
      for (const k of keys) {
        if (an) neu.add(k);
        else neu.delete(k);
      }
      return neu;
    });

  const absenden = (e: React.FormEvent) => {
    e.preventDefault();
    const iso = stand.trim() === '' ? undefined : isoDateFromGerman(stand);
    const neu: typeof fehler = {};
    if (iso === null || (iso !== undefined && iso > todayIso())) neu.stand = FEHLER_STAND_ZUM;
    if (gewaehlt.size === 0) neu.auswahl = FEHLER_NICHTS;
    setFehler(neu);
    if (neu.stand || neu.auswahl) return;
    const ids = (art: string) => [...gewaehlt].filter((k) => k.startsWith(`${art}:`)).map((k) => Number(k.slice(art.length + 1)));
    drucken.mutate(
      { betrieb: gewaehlt.has('betrieb'), anlagenIds: ids('anlage'), messstellenIds: ids('messstelle'), bescheidIds: ids('bescheid'), standZum: iso ?? undefined },
      {
        onSuccess: (datei) => {
          speichereDatei(datei, `Betriebsakte-${betriebId}.pdf`);
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={TITEL_DRUCKAUSGABE}
      width={640}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Abbrechen
          </Button>
          <Button type="submit" form={formId} disabled={drucken.isPending || laedt}>
            {drucken.isPending ? 'Wird gedruckt …' : 'Drucken'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={absenden} noValidate className="flex flex-col gap-4">
        <Kontrollkaestchen
          text={TEXT_ALLE}
          gewaehlt={alle.filter((k) => gewaehlt.has(k)).length}
          von={alle.length}
          onChange={(an) => setze(alle, an)}
          fett
        />
        {laedt ? (
          <p role="status">Wird geladen …</p>
        ) : (
          <ul aria-label="Teile der Betriebsakte" className="flex max-h-96 flex-col gap-3 overflow-y-auto rounded border border-gray-300 p-3">
            {gruppen.map((g) => {
              const keys = g.knoten.map((k) => k.key);
              return (
                <li key={g.titel}>
                  <Kontrollkaestchen text={g.titel} gewaehlt={keys.filter((k) => gewaehlt.has(k)).length} von={keys.length} onChange={(an) => setze(keys, an)} fett />
                  {(g.knoten.length > 1 || g.titel !== 'Betrieb') && (
                    <ul aria-label={g.titel} className="mt-1 flex flex-col gap-1 pl-6">
                      {g.knoten.map((k) => (
                        <li key={k.key}>
                          <Kontrollkaestchen text={k.text} gewaehlt={gewaehlt.has(k.key) ? 1 : 0} von={1} onChange={(an) => setze([k.key], an)} />
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {fehler.auswahl && (
          <p role="alert" className="text-sm text-red-700">
            {fehler.auswahl}
          </p>
        )}
        <Datumsfeld label={TEXT_STAND_ZUM} name="standZum" value={stand} onChange={setStand} hint={HINWEIS_STAND_ZUM} error={fehler.stand} bis={todayIso()} />
      </form>
    </Dialog>
  );
}

/** A checkbox with its text; partly checked (indeterminate) when some of its nodes are. */
function Kontrollkaestchen({ text, gewaehlt, von, onChange, fett }: { text: string; gewaehlt: number; von: number; onChange: (an: boolean) => void; fett?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  const teilweise = gewaehlt > 0 && gewaehlt < von;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = teilweise;
  }, [teilweise]);
  return (
    <label className={`flex items-center gap-2 text-sm ${fett ? 'font-semibold' : ''}`}>
      <input ref={ref} type="checkbox" checked={von > 0 && gewaehlt === von} aria-checked={teilweise ? 'mixed' : undefined} onChange={(e) => onChange(e.target.checked)} />
      {text}
    </label>
  );
}
