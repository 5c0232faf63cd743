import { feldbezeichnung } from '@/components/akte/Fehleruebersicht';
import { PARAMETER } from '@/features/messstelle/api/messstelle';

/**
 * The labels of the measuring point form's fields by segment of the server's keys, as the form
 * shows them (domain/messstelle.Feldnamen): the error summary names each field with them.
 */
export const MESSSTELLE_FELDNAMEN: Readonly<Record<string, string>> = {
  messstellenId: 'Messstellen-Nr.',
  bezeichnung: 'Bezeichnung',
  messstellentyp: 'Messstellentyp',
  messstellenstatus: 'Status',
  abgabeRelevant: 'Abgaberelevant',
  frachtRelevant: 'Frachtrelevant',
  waermeRelevant: 'Wärmerelevant',
  hochwert: 'Hochwert',
  rechtswert: 'Rechtswert',
  anhangAbwasserverordnung: 'Anhang AbwV',
  abwasserart: 'Abwasserart',
  zustaendigeBehoerde: 'Zuständige Behörde',
  limsBerechtigte: 'LIMS-Berechtigte',
  zugehoerigeBehoerden: 'Zugehörige Behörden',
  einleitstelle: 'Einleitstelle',
  oberflaechenwasserkoerper: 'Oberflächenwasserkörper',
  teileinzugsgebiet: 'Teileinzugsgebiet',
  pegel: 'Pegel',
  einleitungMnq: 'Einleitung MNQ',
  einleitungMq: 'Einleitung MQ',
  mindestanforderungen: 'Mindestanforderung',
  gruppe: 'Gruppe',
  wertart: 'Wertart',
  vorbelastungen: 'Vorbelastung',
  gueltigAb: 'Gültig ab',
  ...Object.fromEntries(PARAMETER.map((p) => [p.key, p.label])),
};

/** The label of a field key ('vorbelastungen[0].csb' → 'Vorbelastung 1 › CSB'). */
export const messstelleFeldname = (key: string) => feldbezeichnung(key, MESSSTELLE_FELDNAMEN);
