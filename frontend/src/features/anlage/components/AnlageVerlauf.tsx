import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router-dom';
import { ObjektVerlauf } from '@/components/Historisch';
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
  const anlage = useQuery(anlageQuery(anlageid));
  const verlauf = useQuery({ ...anlageVerlaufQuery(anlageid), enabled: !!anlage.data?.rechte?.verlaufLesen });
  if (anlage.isPending) return <Laden />;
  if (anlage.data && !anlage.data.rechte?.verlaufLesen) return <Navigate to="/unautorisiert" replace />;
  return (
    <ObjektVerlauf
      titel={`Verlauf: ${anlage.data?.bezeichnung ?? ''}`}
      beschreibung="Alle Änderungen der Anlage mit Zeitpunkt und Urheber. Öffnen Sie eine Zeile für die geänderten Felder; „Stand anzeigen“ zeigt die Anlage, wie sie nach dieser Änderung war."
      eintraege={verlauf.data}
      aktuell={`/betriebsakte/${encodeURIComponent(id)}/${encodeURIComponent(typ)}/${encodeURIComponent(anlageid)}/anlagendaten?modus=l`}
      standQuery={(version) => anlageStandQuery(anlageid, version)}
      nurLesen={(x) => <AnlageNurLesen anlage={x} />}
    />
  );
}
