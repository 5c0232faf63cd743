package personalisierung

import (
	"reflect"
	"testing"

	"github.com/eabwasser/eabwasser/domain/ereignis"
)

func TestDecide(t *testing.T) {
	erlaubt := map[string][]string{"betriebstyp": {"INDUSTRIE", "KOMMUNAL"}, "anlagentyp": {"KANALNETZ"}, "verwaltungseinheit": {"7"}}
	got, err := Decide(Decider.Initial(), Speichere{Erlaubt: erlaubt, Einstellungen: Einstellungen{Aktiv: true,
		Betriebstyp: []string{"KOMMUNAL", "INDUSTRIE", "KOMMUNAL"}, Verwaltungseinheit: []int64{7}, SendMailOnNachrichten: true}})
	want := []ereignis.DomainEvent{PersonalisierungGespeichert{Einstellungen{Aktiv: true, Betriebstyp: []string{"INDUSTRIE", "KOMMUNAL"},
		Anlagentyp: []string{}, Messstellentyp: []string{}, Verwaltungseinheit: []int64{7}, SendMailOnNachrichten: true}}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("save: %#v %v", got, err)
	}
	if again, err := Decide(Evolve(Decider.Initial(), got[0]), Speichere{Erlaubt: erlaubt, Einstellungen: want[0].(PersonalisierungGespeichert).Einstellungen}); err != nil || again != nil {
		t.Fatalf("unchanged save: %v %v", again, err)
	}
	_, err = Decide(Decider.Initial(), Speichere{Erlaubt: erlaubt, Einstellungen: Einstellungen{Betriebstyp: []string{"RAUMFAHRT"}, Verwaltungseinheit: []int64{9}}})
	if err == nil || err.Error() != "Der Wert „9“ ist in dieser Auswahl nicht vorgesehen." && err.Error() != "Der Wert „RAUMFAHRT“ ist in dieser Auswahl nicht vorgesehen." {
		t.Fatalf("unknown values: %v", err)
	}
}
