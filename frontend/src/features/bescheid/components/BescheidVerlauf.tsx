import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router-dom';
import { STAND_PARAM, StandSeite, VerlaufSeite } from '@/components/Historisch';
import { Laden } from '@/components/Laden';
import { formatDate } from '@/lib/format';
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
  const [params] = useSearchParams();
  const bescheid = useQuery(bescheidQuery(bescheidid));
  const verlauf = useQuery(bescheidVerlaufQuery(bescheidid));
  const stand = params.get(STAND_PARAM);
  if (bescheid.isPending) return <Laden />;
  if (stand === null) {
    const b = bescheid.data;
    return (
      <VerlaufSeite
        titel={`Verlauf: ${b ? `${b.bescheidart ?? ''}${b.bescheidsdatum ? ` vom ${formatDate(b.bescheidsdatum)}` : ''}` : ''}`}
        beschreibung="Alle Änderungen des Bescheids mit Zeitpunkt und Urheber. Öffnen Sie eine Zeile für die geänderten Felder; „Stand anzeigen“ zeigt den Bescheid, wie er nach dieser Änderung war."
        eintraege={verlauf.data}
      />
    );
  }
  const aktuell = `${bescheidPfad(id, bescheidid, bescheid.data?.bescheidsstatus)}/bescheidsdaten?modus=l`;
  return <Stand bescheidId={bescheidid} version={Number(stand)} aktuell={aktuell} eintrag={verlauf.data?.find((e) => e.version === Number(stand))} />;
}

function Stand({ bescheidId, version, ...rest }: { bescheidId: string; version: number; aktuell: string; eintrag: Parameters<typeof StandSeite>[0]['eintrag'] }) {
  const stand = useQuery(bescheidStandQuery(bescheidId, version));
  return (
    <StandSeite version={version} {...rest}>
      {stand.data && <BescheidNurLesen bescheid={stand.data} />}
    </StandSeite>
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
    ['Ablaufdatum', formatDate(b.ablaufdatum)],
    ['Bemerkung', b.bemerkung],
    ['Wasserrecht-Nr.', b.bescheidId],
    ['Freigabe am', formatDate(b.freigabeAm)],
    ['Freigabe von', b.freigabeVon],
    ['Messstellen', (b.messstellen ?? []).map((m) => `${m.messstellenId} ${m.bezeichnung}`).join(', ')],
    ['Auflagen', (b.auflagen ?? []).map((a) => `${a.art} (Frist ${formatDate(a.fristdatum)}): ${a.beschreibung}`).join('; ')],
  ];
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      {zeilen.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-semibold">{k}</dt>
          <dd className="whitespace-pre-wrap">{v || '–'}</dd>
        </div>
      ))}
    </dl>
  );
}
