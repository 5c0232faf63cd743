// Generated from domain/anlage/typen.go (anlage.Typtabelle); do not edit.
// After a change there run: go test ./domain/anlage -run Frontend -update

/** What a plant of a type has: its Anlagenarten, its optional fields, the operation types with a disposal area. */
export interface Typangaben {
  anlagenarten: readonly string[];
  felder: readonly string[];
  entsorgungsraumBei: readonly string[];
}

/** The one table of the plant types (the server checks against it). */
export const TYPTABELLE: Readonly<Record<string, Typangaben>> = {
  ABWASSERBEHANDLUNG: {
    anlagenarten: ['ABWASSERBEHANDLUNG', 'KLEINKLAERANLAGE', 'ABWASSERVORBEHANDLUNG', 'ANLAGE_AUSSERHALB'],
    felder: ['anlagensystem', 'dwaNr', 'staLaNr', 'chargenbetrieb', 'kampagne', 'tegAbschluss', 'aufKAGelaende', 'vorbehandlung', 'biologischeBehandlung', 'chemischeBehandlung', 'nachbehandlung', 'schlammbehandlung'],
    entsorgungsraumBei: ['KOMMUNAL'],
  },
  ENTLASTUNG: {
    anlagenarten: ['MISCHWASSER', 'NIEDERSCHLAGSWASSER'],
    felder: ['tegAbschluss', 'aufKAGelaende', 'entlastungssystem', 'entlastungstyp', 'wasserbuchnummer', 'flur', 'flurstueck', 'gemarkung', 'drosselablauf'],
    entsorgungsraumBei: [],
  },
  KANALNETZ: {
    anlagenarten: ['MISCHWASSER', 'NIEDERSCHLAGSWASSER'],
    felder: ['kanallaenge', 'kanalsystem', 'abwasserart', 'materialart'],
    entsorgungsraumBei: [],
  },
  KUEHLWASSER: {
    anlagenarten: ['ABWASSERBEHANDLUNG', 'ABWASSERVORBEHANDLUNG'],
    felder: ['chargenbetrieb', 'kampagne', 'tegAbschluss', 'aufKAGelaende', 'kuehlart', 'kuehlBehandlung', 'inWasserschutzgebiet', 'vorbehandlung', 'biologischeBehandlung', 'chemischeBehandlung', 'nachbehandlung', 'schlammbehandlung'],
    entsorgungsraumBei: [],
  },
};

/** The message the server answers for an Anlagenart the type does not have. */
export const MSG_ANLAGENART = 'Diese Anlagenart gibt es für den Anlagentyp nicht.';

const leer: Typangaben = { anlagenarten: [], felder: [], entsorgungsraumBei: [] };

/** The Anlagenarten a plant of typ may be of. */
export const artenDesTyps = (typ: string): readonly string[] => (TYPTABELLE[typ] ?? leer).anlagenarten;

/** Whether a plant of typ has the optional field feld. */
export const hatFeld = (typ: string, feld: string): boolean => (TYPTABELLE[typ] ?? leer).felder.includes(feld);

/** Whether a plant of typ under an operation of betriebstyp keeps a disposal area (while it is no indirect discharger). */
export const mitEntsorgungsraum = (typ: string, betriebstyp: string): boolean => (TYPTABELLE[typ] ?? leer).entsorgungsraumBei.includes(betriebstyp);
