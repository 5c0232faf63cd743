import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { anforderungSeiten } from '@/features/anforderung/routes';
import { anlageSeiten } from '@/features/anlage/routes';
import { auditRoutes } from '@/features/audit/routes';
import { aufgabenRoutes } from '@/features/aufgaben/routes';
import { authEmbeddedRoutes, authRoutes } from '@/features/auth/routes';
import { auswertungRoutes } from '@/features/auswertung/routes';
import { betriebRoutes } from '@/features/betrieb/routes';
import { AKTENABSCHNITTE } from './betriebsakte/abschnitte';
import { bescheidSeiten } from '@/features/bescheid/routes';
import { bescheiduebersichtSeiten } from '@/features/bescheiduebersicht/routes';
import { fehlerseitenRoutes } from '@/features/fehlerseiten/routes';
import { jahresberichtSeiten } from '@/features/jahresbericht/routes';
import { karteRoutes } from '@/features/karte/routes';
import { messstelleSeiten } from '@/features/messstelle/routes';
import { passwortRoutes } from '@/features/passwort/routes';
import { personalisierungRoutes } from '@/features/personalisierung/routes';
import { profilRoutes } from '@/features/profil/routes';
import { registrierungEmbeddedRoutes, registrierungRoutes } from '@/features/registrierung/routes';
import { startseiteRoutes } from '@/features/startseite/routes';
import { systemverwaltungRoutes } from '@/features/systemverwaltung/routes';
import { wasserbuchOhneRahmenRoutes, wasserbuchRoutes } from '@/features/wasserbuch/routes';
import { NOT_FOUND_PATH } from '@/lib/errors';
import { EmbeddedLayout } from './EmbeddedLayout';
import { Layout } from './Layout';
import { RouteError } from './RouteError';

// Screens of the operation file that belong to the ablage feature, composed here (lazy like the file).
const DateienSeite = lazy(() => import('./betriebsakte/DateienSeite').then((m) => ({ default: m.DateienSeite })));
const AnlageAblageSeite = lazy(() => import('./betriebsakte/AnlageAblageSeite').then((m) => ({ default: m.AnlageAblageSeite })));
const MessstelleAblageSeite = lazy(() => import('./betriebsakte/MessstelleAblageSeite').then((m) => ({ default: m.MessstelleAblageSeite })));
const JahresberichtAblageSeite = lazy(() => import('./betriebsakte/JahresberichtAblageSeite').then((m) => ({ default: m.JahresberichtAblageSeite })));
const BescheidAblageSeite = lazy(() => import('./betriebsakte/BescheidAblageSeite').then((m) => ({ default: m.BescheidAblageSeite })));
const WiedervorlagenSeite = lazy(() =>
  import('./betriebsakte/WiedervorlagenSeite').then((m) => ({ default: m.WiedervorlagenSeite })),
);

/**
 * All routes, relative to the basename /eAbwasser. Each feature's routes say who may open them
 * (lib/auth guards: NurAnonym, NurAngemeldet, NurMitAktion; spec 002 §2).
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      ...startseiteRoutes,
      ...authRoutes,
      ...registrierungRoutes,
      ...passwortRoutes,
      ...profilRoutes,
      ...personalisierungRoutes,
      ...fehlerseitenRoutes,
      ...auditRoutes,
      ...aufgabenRoutes,
      ...betriebRoutes([
        { path: 'dateien', element: <DateienSeite /> },
        { path: 'wiedervorlagen', element: <WiedervorlagenSeite /> },
        ...anlageSeiten,
        { path: ':typ/:anlageid/dateien', element: <AnlageAblageSeite art="dateien" /> },
        { path: ':typ/:anlageid/wiedervorlagen', element: <AnlageAblageSeite art="wiedervorlagen" /> },
        ...messstelleSeiten,
        { path: ':typ/:anlageid/messstellen/:messstellenid/dateien', element: <MessstelleAblageSeite art="dateien" /> },
        { path: ':typ/:anlageid/messstellen/:messstellenid/wiedervorlagen', element: <MessstelleAblageSeite art="wiedervorlagen" /> },
        ...bescheidSeiten,
        ...['bescheid', 'antrag'].flatMap((segment) => [
          { path: `${segment}/:bescheidid/dateien`, element: <BescheidAblageSeite art="dateien" /> },
          { path: `${segment}/:bescheidid/wiedervorlagen`, element: <BescheidAblageSeite art="wiedervorlagen" /> },
        ]),
        ...anforderungSeiten,
        ...bescheiduebersichtSeiten,
        ...jahresberichtSeiten,
        { path: 'jahresbericht/:berichtid/dateien', element: <JahresberichtAblageSeite art="dateien" /> },
        { path: 'jahresbericht/:berichtid/wiedervorlagen', element: <JahresberichtAblageSeite art="wiedervorlagen" /> },
      ], AKTENABSCHNITTE),
      ...systemverwaltungRoutes,
      ...auswertungRoutes,
      ...wasserbuchRoutes,
      { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
    ],
  },
  {
    // embedded in other portals: no header, navigation or footer
    element: <EmbeddedLayout />,
    errorElement: <RouteError />,
    children: [...authEmbeddedRoutes, ...registrierungEmbeddedRoutes, ...wasserbuchOhneRahmenRoutes],
  },
  // the map window (opened by components/karte/Kartenauswahl): the map only, no app shell
  { errorElement: <RouteError />, children: karteRoutes },
];
