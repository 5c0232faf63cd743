import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { STAND_PARAM, StandSeite, VerlaufSeite } from '@/components/Historisch';
import { Laden } from '@/components/Laden';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { messstelleQuery, messstelleStandQuery, messstelleVerlaufQuery } from '@/features/messstelle/api/messstelle';
import { messstellenPfad } from './pfade';
import { MessstelleNurLesen } from './MessstelleNurLesen';

/**
 * Route …/messstellen/:messstellenid/verlauf (auditors, rechte.verlaufLesen): every event of the
 * point with who, when and the changed fields; 'Stand anzeigen' replays the point up to an event
 * (?stand=<version>) and shows it read-only.
 */
export function MessstelleVerlauf() {
  useDocumentTitle('Verlauf der Messstelle');
  const { id = '', typ = '', anlageid = '', messstellenid = '' } = useParams();
  const [params] = useSearchParams();
  const messstelle = useQuery(messstelleQuery(messstellenid));
  const verlauf = useQuery({ ...messstelleVerlaufQuery(messstellenid), enabled: !!messstelle.data?.rechte?.verlaufLesen });
  const stand = params.get(STAND_PARAM);
  if (messstelle.isPending) return <Laden />;
  if (messstelle.data && !messstelle.data.rechte?.verlaufLesen) return <Navigate to="/unautorisiert" replace />;
  if (stand === null) {
    return (
      <VerlaufSeite
        titel={`Verlauf: ${messstelle.data?.bezeichnung ?? ''}`}
        beschreibung="Alle Änderungen der Messstelle mit Zeitpunkt und Urheber. Öffnen Sie eine Zeile für die geänderten Felder; „Stand anzeigen“ zeigt die Messstelle, wie sie nach dieser Änderung war."
        eintraege={verlauf.data}
      />
    );
  }
  const aktuell = `${messstellenPfad(id, typ, anlageid, messstellenid)}/messstellendaten?modus=l`;
  return <Stand messstelleId={messstellenid} version={Number(stand)} aktuell={aktuell} eintrag={verlauf.data?.find((e) => e.version === Number(stand))} />;
}

function Stand({ messstelleId, version, ...rest }: { messstelleId: string; version: number; aktuell: string; eintrag: Parameters<typeof StandSeite>[0]['eintrag'] }) {
  const stand = useQuery(messstelleStandQuery(messstelleId, version));
  return (
    <StandSeite version={version} {...rest}>
      {stand.data && <MessstelleNurLesen messstelle={stand.data} />}
    </StandSeite>
  );
}
