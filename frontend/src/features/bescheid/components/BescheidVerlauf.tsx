import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { Feldliste, ObjektVerlauf } from '@/components/Historisch';
import { Laden } from '@/components/Laden';
import { formatBis, formatDate } from '@/lib/format';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { bescheidQuery, bescheidStandQuery, bescheidVerlaufQuery, statusLabel, type Bescheid } from '@/features/bescheid/api/bescheid';
import { bescheidPfad } from './Bescheidsdaten';

/**
 * Route …/bescheid/:bescheidid/verlauf: every event of the Bescheid with who, when and the
 * changed fields (GET /api/bescheid/{id}/verlauf, the measuring point's generic Verlauf); 'Stand
 * anzeigen' shows the Bescheid as it was after an event (?stand=<version>).
 */
export function BescheidVerlauf() {
  useDocumentTitle('Verlauf des Bescheids');
  const { id = '', bescheidid = '' } = useParams();
  const bescheid = useQuery(bescheidQuery(bescheidid));
  const verlauf = useQuery(bescheidVerlaufQuery(bescheidid));
  if (bescheid.isPending) return <Laden />;
  const b = bescheid.data;
  return (
    <ObjektVerlauf
      titel={`Verlauf: ${b ? `${b.bescheidart ?? ''}${b.bescheidsdatum ? ` vom ${formatDate(b.bescheidsdatum)}` : ''}` : ''}`}
      beschreibung="Alle Änderungen des Bescheids mit Zeitpunkt und Urheber. Öffnen Sie eine Zeile für die geänderten Felder; „Stand anzeigen“ zeigt den Bescheid, wie er nach dieser Änderung war."
      eintraege={verlauf.data}
      aktuell={`${bescheidPfad(id, bescheidid, b?.bescheidsstatus)}/bescheidsdaten?modus=l`}
      standQuery={(version) => bescheidStandQuery(bescheidid, version)}
      nurLesen={(x: Bescheid) => <BescheidNurLesen bescheid={x} />}
    />
  );
}

/** A Bescheid read-only: its fields as label and value. */
export function BescheidNurLesen({ bescheid: b }: { bescheid: Bescheid }) {
  const zeilen: [string, string | undefined][] = [
    ['Bescheidqualität', b.bescheidQualitaet],
    ['Bescheidart', b.bescheidart],
    ['Status', statusLabel(b.bescheidsstatus)],
    ['Aktenzeichen', b.aktenzeichen],
    ['Behörde', b.behoerde],
    ['Bescheiddatum', formatDate(b.bescheidsdatum)],
    ['Ablaufdatum', formatBis(b.ablaufdatum)],
    ['Bemerkung', b.bemerkung],
    ['Wasserrecht-Nr.', b.bescheidId],
    ['Freigabe am', formatDate(b.freigabeAm)],
    ['Freigabe von', b.freigabeVon],
    ['Messstellen', (b.messstellen ?? []).map((m) => `${m.messstellenId} ${m.bezeichnung}`).join(', ')],
    ['Auflagen', (b.auflagen ?? []).map((a) => `${a.art} (Frist ${formatDate(a.fristdatum)}): ${a.beschreibung}`).join('; ')],
  ];
  return <Feldliste zeilen={zeilen} />;
}
