package nachrichten

import (
	"context"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/eabwasser/eabwasser/eventstore"
	"github.com/eabwasser/eabwasser/projections"
)

// nachrichtSpalten are the columns of a new message (id is an identity column).
var nachrichtSpalten = []string{"quelle", "empfaenger_id", "gelesen", "absende_datum", "absender", "betreff", "text",
	"bezug", "fachobjektbezug", "fachobjekt_id", "erledigt", "pfad"}

// schreiben: the areas' copies; then what the batch does to stored messages
// (decided, read, deleted — before the COPY, so that none of it can hit the batch's new
// messages, which carry their state already); the new messages; their mails. The statements on
// stored messages repeat their keys as "= ANY($1)": an index condition whatever join order a
// plan made for an almost empty table picks, so none of them can walk all messages per key.
func (p *projektor) schreiben(ctx context.Context, st *lauf) (*projections.Schreiben, error) {
	w := &projections.Schreiben{}
	for _, b := range p.kopien {
		st.kopien[b.StreamType].Schreiben(w)
	}
	if len(st.erledigtID) > 0 {
		if err := st.erledigtSchreiben(ctx, w); err != nil {
			return nil, err
		}
	}
	if len(st.gelesenQuelle) > 0 {
		w.Anweisung(`UPDATE nachricht n SET gelesen = true
			FROM unnest($1::bigint[], $2::bigint[]) AS u (quelle, empfaenger_id)
			WHERE n.quelle = ANY($1) AND n.quelle = u.quelle AND n.empfaenger_id = u.empfaenger_id AND NOT n.gelesen`, st.gelesenQuelle, st.gelesenAn)
	}
	if len(st.geloeschtQuelle) > 0 {
		w.Anweisung(`DELETE FROM nachricht n USING unnest($1::bigint[], $2::bigint[]) AS u (quelle, empfaenger_id)
			WHERE n.quelle = ANY($1) AND n.quelle = u.quelle AND n.empfaenger_id = u.empfaenger_id`, st.geloeschtQuelle, st.geloeschtAn)
	}
	if len(st.entwuerfe) == 0 {
		return w, nil
	}
	alle, err := st.empfaengerLesen(ctx)
	if err != nil {
		return nil, err
	}
	var zeilen [][]any
	var schluessel, an, betreff, text, pfad []string
	namen := map[int64]func(eventstore.Metadata) bool{} // by account: each recipient's rule once
	for _, d := range st.entwuerfe {
		for _, x := range alle[d.tupel()] {
			if strconv.FormatInt(x.id, 10) == d.von.ActorID {
				continue
			}
			n, ok := namen[x.id]
			if !ok {
				n = x.namen()
				namen[x.id] = n
			}
			namentlich := sieht(n, d.von)
			if !d.geloescht[x.id] {
				erledigt := ""
				if d.erledigt != nil {
					erledigt = d.erledigt.text.fuer(sieht(n, d.erledigt.von))
				}
				zeilen = append(zeilen, []any{d.quelle, x.id, d.gelesen[x.id], d.datum, d.absender.fuer(namentlich), d.betreff,
					d.text.fuer(namentlich), d.bezug, d.ziel.bezug, d.ziel.id, erledigt, d.ziel.pfad})
			}
			if x.mail && x.email != "" && d.mail {
				schluessel = append(schluessel, fmt.Sprintf("nachricht-%d-%d", d.quelle, x.id))
				an = append(an, x.email)
				betreff = append(betreff, d.mailbetreff)
				text = append(text, d.mailtext.fuer(namentlich))
				pfad = append(pfad, d.ziel.pfad)
			}
		}
	}
	w.Kopieren("nachricht", nachrichtSpalten, zeilen)
	if len(schluessel) > 0 {
		// ON CONFLICT: a mail is written once per message, whatever replays its event
		w.Anweisung(`INSERT INTO public.mail_ausgang (schluessel, an, betreff, text, pfad)
			SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
			ON CONFLICT (schluessel) DO NOTHING`, schluessel, an, betreff, text, pfad)
	}
	return w, nil
}

// erledigtSchreiben marks the stored open messages about the requests the batch decided: it
// reads them with their recipients' accounts (one query) and writes each its decided mark, with
// the decider's name or side as its recipient may see him (one statement).
func (st *lauf) erledigtSchreiben(ctx context.Context, w *projections.Schreiben) error {
	rows, err := st.s.Query(ctx, `SELECT n.id, u.k::int, n.empfaenger_id, coalesce(a.organisation_id, 0), coalesce(a.funktionale_rollen, '{}')
		FROM unnest($1::bigint[], $2::text[]) WITH ORDINALITY AS u (id, bezug, k)
		JOIN nachricht n ON n.fachobjekt_id = u.id AND n.bezug = u.bezug AND n.erledigt = ''
		LEFT JOIN public.anwender a ON a.id = n.empfaenger_id
		WHERE n.fachobjekt_id = ANY($1)`, st.erledigtID, st.erledigtBezug)
	if err != nil {
		return err
	}
	var ids []int64
	var texte []string
	var id int64
	var k int
	var x empfaenger
	_, err = pgx.ForEachRow(rows, []any{&id, &k, &x.id, &x.organisation, &x.rollen}, func() error {
		e := st.erledigtWie[k-1]
		ids, texte = append(ids, id), append(texte, e.text.fuer(sieht(x.namen(), e.von)))
		return nil
	})
	if err != nil {
		return fmt.Errorf("offene Nachrichten: %w", err)
	}
	if len(ids) > 0 {
		w.Anweisung(`UPDATE nachricht n SET erledigt = u.wie FROM unnest($1::bigint[], $2::text[]) AS u (id, wie)
			WHERE n.id = ANY($1) AND n.id = u.id AND n.erledigt = ''`, ids, texte)
	}
	return nil
}
