import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { Laden } from '@/components/Laden';
import { messstelleQuery } from '@/features/messstelle/api/messstelle';
import { messstellenPfad } from './pfade';

/**
 * Route /betriebsakte/:id/messstellen/:messstellenid: a link that knows only the point (a task of
 * the Aufgaben view, a message) leads to its screen below its plant, keeping the query string.
 */
export function MessstelleWeiterleitung() {
  const { id = '', messstellenid = '' } = useParams();
  const { search } = useLocation();
  const m = useQuery(messstelleQuery(messstellenid));
  if (m.isPending) return <Laden />;
  if (!m.data) return <p role="alert">Fehler beim Aufruf der Messstelle</p>;
  const ziel = `${messstellenPfad(id, (m.data.anlagentyp ?? '').toLowerCase(), m.data.anlage.id ?? '', m.data.id)}/messstellendaten`;
  return <Navigate replace to={{ pathname: ziel, search }} />;
}
