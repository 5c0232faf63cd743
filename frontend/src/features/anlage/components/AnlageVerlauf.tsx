import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { StandSeite, VerlaufSeite, versionAus } from '@/components/Historisch';
import { Laden } from '@/components/Laden';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { anlageQuery, anlageStandQuery, anlageVerlaufQuery } from '@/features/anlage/api/anlage';
import { AnlageNurLesen } from './AnlageNurLesen';

/**
 * Route /betriebsakte/:id/:typ/:anlageid/verlauf (auditors, rechte.verlaufLesen): every event of
 * the plant with who, when and the changed fields; 'Stand anzeigen' replays the plant up to an
 * event (?stand=<version>) and shows it read-only.
 */
export function AnlageVerlauf() {
  useDocumentTitle('Verlauf der Anlage');
  const { id = '', typ = '', anlageid = '' } = useParams();
  const [params] = useSearchParams();
  const anlage = useQuery(anlageQuery(anlageid));
  const verlauf = useQuery({ ...anlageVerlaufQuery(anlageid), enabled: !!anlage.data?.rechte?.verlaufLesen });
  const version = versionAus(params);
  if (anlage.isPending) return <Laden />;
  if (anlage.data && !anlage.data.rechte?.verlaufLesen) return <Navigate to="/unautorisiert" replace />;
  if (version === null) {
    return (
      <VerlaufSeite
        titel={`Verlauf: ${anlage.data?.bezeichnung ?? ''}`}
        beschreibung="Alle Änderungen der Anlage mit Zeitpunkt und Urheber. Öffnen Sie eine Zeile für die geänderten Felder; „Stand anzeigen“ zeigt die Anlage, wie sie nach dieser Änderung war."
        eintraege={verlauf.data}
      />
    );
  }
  const aktuell = `/betriebsakte/${encodeURIComponent(id)}/${encodeURIComponent(typ)}/${encodeURIComponent(anlageid)}/anlagendaten?modus=l`;
  return <Stand anlageId={anlageid} version={version} aktuell={aktuell} eintrag={verlauf.data?.find((e) => e.version === version)} />;
}

function Stand({ anlageId, version, ...rest }: { anlageId: string; version: number; aktuell: string; eintrag: Parameters<typeof StandSeite>[0]['eintrag'] }) {
  const stand = useQuery(anlageStandQuery(anlageId, version));
  return (
    <StandSeite version={version} {...rest}>
      {stand.data && <AnlageNurLesen anlage={stand.data} />}
    </StandSeite>
  );
}
