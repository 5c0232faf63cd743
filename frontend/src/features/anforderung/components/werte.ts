import { alsEingabe, pruefeDezimal } from '@/lib/dezimal';
import { istLeer, istPflicht, pruefeFormular } from '@/lib/form';
import { FORMULARE } from '@/lib/formregeln';
import { FESTLEGUNG, SELBSTUEBERWACHUNG, type Anforderung, type AnforderungArt, type MessstelleImBescheid } from '@/features/anforderung/api/anforderung';

// The form of the Anforderungen screen (spec 001 §2.3, §3.3): one row editor per tab, every
// value as typed; the client checks of spec 001 §5 with the spec's texts (wert by lib/dezimal,
// the mirror of validierung.Dezimal: the German form, '1.000' is one thousand). The server checks the same rules; its errors land on the same keys.

/** A row as the row editor edits it (anforderungId as text, '' or '0' for a new one). */
export type AnforderungZeile = {
  anforderungId: string;
  parameterArt: string;
  parameterNr: string;
  wert: string;
  einheit: string;
  einheitAbfluss: string;
  einheitKonz: string;
  artAnforderungWert: string;
  probenahme: string;
  vorbehandlung: string;
  randbedingung: string;
  haeufigkeit: string;
  vorlageMesswerte: string;
  mehrereOptionen: boolean;
  zusatztext: string;
  gueltigAb: string;
  gueltigBis: string;
};

/** The two tabs: the row editors' prefixes are the error keys' first segment. */
export type Reiter = 'festlegungen' | 'selbstueberwachung';
export const REITER: readonly { id: Reiter; art: AnforderungArt; label: string }[] = [
  { id: 'festlegungen', art: FESTLEGUNG, label: 'Festlegungen' },
  { id: 'selbstueberwachung', art: SELBSTUEBERWACHUNG, label: 'Selbstüberwachung' },
];

export type AnforderungenWerte = Record<Reiter, AnforderungZeile[]>;
export type AnforderungenFehler = Record<string, string | undefined>;

/** The open end of a validity (spec 001 §9, like the Ablaufdatum): the default of a new row. */
export const OFFENES_ENDE = '3000-01-01';
export const MAX_ZUSATZTEXT = 100;

export const MSG_DATUM = 'Ungültiges Datumsformat';
export const MSG_ZUSATZTEXT = `Der Zusatztext darf höchstens ${MAX_ZUSATZTEXT} Zeichen lang sein.`;
export const MSG_ZEITRAUM = 'Das Datum „gültig ab“ darf nicht nach „gültig bis“ liegen.';

/** A new row: a concentration, valid until further notice. */
export const neueZeile = (): AnforderungZeile => ({
  anforderungId: '',
  parameterArt: 'KONZENTRATION',
  parameterNr: '',
  wert: '',
  einheit: '',
  einheitAbfluss: '',
  einheitKonz: '',
  artAnforderungWert: '',
  probenahme: '',
  vorbehandlung: '',
  randbedingung: '',
  haeufigkeit: '',
  vorlageMesswerte: '',
  mehrereOptionen: false,
  zusatztext: '',
  gueltigAb: '',
  gueltigBis: OFFENES_ENDE,
});

const zeileAus = (a: Anforderung): AnforderungZeile => ({
  anforderungId: a.anforderungId ? String(a.anforderungId) : '',
  parameterArt: a.parameterArt ?? '',
  parameterNr: a.parameterNr ?? '',
  // a value stored in the old form with a decimal point ('0.4') is shown as the reader takes it ('0,4')
  wert: alsEingabe(a.wert),
  einheit: a.einheit ?? '',
  einheitAbfluss: a.einheitAbfluss ?? '',
  einheitKonz: a.einheitKonz ?? '',
  artAnforderungWert: a.artAnforderungWert ?? '',
  probenahme: a.probenahme ?? '',
  vorbehandlung: a.vorbehandlung ?? '',
  randbedingung: a.randbedingung ?? '',
  haeufigkeit: a.haeufigkeit ?? '',
  vorlageMesswerte: a.vorlageMesswerte ?? '',
  mehrereOptionen: !!a.mehrereOptionen,
  zusatztext: a.zusatztext ?? '',
  gueltigAb: a.gueltigAb ?? '',
  gueltigBis: a.gueltigBis ?? '',
});

/** The form values of the stored Anforderungen, by tab in the stored order. */
export function werteAus(d: Pick<MessstelleImBescheid, 'anforderungen'>): AnforderungenWerte {
  const alle = d.anforderungen ?? [];
  return {
    festlegungen: alle.filter((a) => a.anforderungArt === FESTLEGUNG).map(zeileAus),
    selbstueberwachung: alle.filter((a) => a.anforderungArt === SELBSTUEBERWACHUNG).map(zeileAus),
  };
}

/**
 * What the PATCH sends: the whole set of the point, first the Festlegungen, then the
 * Selbstüberwachungsauflagen (the index of a row in it is the index of the server's error keys).
 * A Festlegung has no Vorlage Messwerte.
 */
export function eingabeAus(w: AnforderungenWerte, messstelle: number): Anforderung[] {
  return REITER.flatMap((r) =>
    w[r.id].map((z) => ({
      anforderungId: Number(z.anforderungId) || 0,
      messstelle,
      anforderungArt: r.art,
      // a kind the select offers (the server refuses any other)
      parameterArt: z.parameterArt as Anforderung['parameterArt'],
      parameterNr: z.parameterNr,
      wert: z.wert.trim(),
      einheit: z.einheit,
      einheitAbfluss: z.einheitAbfluss,
      einheitKonz: z.einheitKonz,
      artAnforderungWert: z.artAnforderungWert,
      probenahme: z.probenahme,
      vorbehandlung: z.vorbehandlung,
      randbedingung: z.randbedingung,
      haeufigkeit: z.haeufigkeit,
      vorlageMesswerte: r.art === SELBSTUEBERWACHUNG ? z.vorlageMesswerte : '',
      mehrereOptionen: z.mehrereOptionen,
      zusatztext: z.zusatztext,
      gueltigAb: z.gueltigAb,
      gueltigBis: z.gueltigBis,
    })),
  );
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a column is required (the server's table, FORMULARE.anforderung; the kind is the tab's). */
export const istPflichtfeld = (feld: keyof AnforderungZeile) => istPflicht(FORMULARE.anforderung, feld);

/** The checks of spec 001 §5 on one row: the required fields by the server's table, then the formats; errors by the row editor's key. */
export function pruefeZeile(z: AnforderungZeile, prefix: string, f: AnforderungenFehler): void {
  Object.assign(f, pruefeFormular(FORMULARE.anforderung, { ...z }, { prefix: `${prefix}.`, ohne: ['anforderungArt'] }));
  const setze = (feld: keyof AnforderungZeile, m: string | undefined) => {
    if (m && !f[`${prefix}.${feld}`]) f[`${prefix}.${feld}`] = m;
  };
  setze('wert', pruefeDezimal(z.wert));
  if (z.zusatztext.length > MAX_ZUSATZTEXT) setze('zusatztext', MSG_ZUSATZTEXT);
  if (!istLeer(z.gueltigAb) && !ISO.test(z.gueltigAb)) setze('gueltigAb', MSG_DATUM);
  if (istLeer(z.gueltigBis)) return;
  if (!ISO.test(z.gueltigBis)) setze('gueltigBis', MSG_DATUM);
  else if (ISO.test(z.gueltigAb) && z.gueltigAb > z.gueltigBis) setze('gueltigAb', MSG_ZEITRAUM);
}

/** Every row of both tabs, every error at once. */
export function pruefeAnforderungen(w: AnforderungenWerte): AnforderungenFehler {
  const f: AnforderungenFehler = {};
  for (const r of REITER) w[r.id].forEach((z, i) => pruefeZeile(z, `${r.id}[${i}]`, f));
  return f;
}

/** The tab a key lies on (the first tab for keys of the whole set). */
export const reiterVon = (key: string): Reiter => (key.startsWith('selbstueberwachung') ? 'selbstueberwachung' : 'festlegungen');

/**
 * A 400's validationErrors on the rows: the server names a row by its index in the set sent
 * ('[3].wert', 'anforderungen[3].wert' or '3.wert'), which becomes the tab's row
 * ('selbstueberwachung[1].wert' when two Festlegungen came first). Other keys stay as they are.
 */
export function serverfehlerAufZeilen(validationErrors: AnforderungenFehler, w: AnforderungenWerte): AnforderungenFehler {
  const anzahlFestlegungen = w.festlegungen.length;
  const f: AnforderungenFehler = {};
  for (const [key, message] of Object.entries(validationErrors)) {
    const m = /^(?:[A-Za-z]+)?\[?(\d+)\]?\.(.+)$/.exec(key);
    if (!m) {
      f[key] = message;
      continue;
    }
    const i = Number(m[1]);
    const ziel = i < anzahlFestlegungen ? `festlegungen[${i}]` : `selbstueberwachung[${i - anzahlFestlegungen}]`;
    f[`${ziel}.${m[2]}`] = message;
  }
  return f;
}

/** The labels of the error summary (feldbezeichnung). */
export const FELDNAMEN: Readonly<Record<string, string>> = {
  festlegungen: 'Festlegungen',
  selbstueberwachung: 'Selbstüberwachung',
  parameterArt: 'Parameterart',
  parameterNr: 'Parameter',
  wert: 'Wert',
  einheit: 'Einheit',
  artAnforderungWert: 'Art des Werts',
  probenahme: 'Probenahme',
  vorbehandlung: 'Vorbehandlung',
  randbedingung: 'Randbedingung',
  haeufigkeit: 'Häufigkeit',
  vorlageMesswerte: 'Vorlage Messwerte',
  mehrereOptionen: 'mehrere Optionen',
  zusatztext: 'Zusatztext',
  gueltigAb: 'gültig ab',
  gueltigBis: 'gültig bis',
  version: 'Version',
};
