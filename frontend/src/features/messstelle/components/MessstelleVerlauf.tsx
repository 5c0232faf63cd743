import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router-dom';
import { ObjektVerlauf } from '@/components/Historisch';
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
  const messstelle = useQuery(messstelleQuery(messstellenid));
  const verlauf = useQuery({ ...messstelleVerlaufQuery(messstellenid), enabled: !!messstelle.data?.rechte?.verlaufLesen });
  if (messstelle.isPending) return <Laden />;
  if (messstelle.data && !messstelle.data.rechte?.verlaufLesen) return <Navigate to="/unautorisiert" replace />;
  return (
    <ObjektVerlauf
      titel={`Verlauf: ${messstelle.data?.bezeichnung ?? ''}`}
      beschreibung="Alle Änderungen der Messstelle mit Zeitpunkt und Urheber. Öffnen Sie eine Zeile für die geänderten Felder; „Stand anzeigen“ zeigt die Messstelle, wie sie nach dieser Änderung war."
      eintraege={verlauf.data}
      aktuell={`${messstellenPfad(id, typ, anlageid, messstellenid)}/messstellendaten?modus=l`}
      standQuery={(version) => messstelleStandQuery(messstellenid, version)}
      nurLesen={(x) => <MessstelleNurLesen messstelle={x} />}
    />
  );
}
