package bescheid

import "testing"

func TestAnzeigename(t *testing.T) {
	for _, tc := range []struct{ art, datum, az, want string }{
		{"Wasserrechtliche Erlaubnis (§ 8 WHG)", "2024-03-01", "31-2/24", "Wasserrechtliche Erlaubnis (§ 8 WHG) vom 01.03.2024, Az. 31-2/24"},
		{"Änderungsbescheid", "2024-03-01", "", "Änderungsbescheid vom 01.03.2024"},
		{"Änderungsbescheid", "", "31-2/24", "Änderungsbescheid, Az. 31-2/24"},
		{"Änderungsbescheid", "", "", "Änderungsbescheid"},
	} {
		if got := Anzeigename(tc.art, tc.datum, tc.az); got != tc.want {
			t.Errorf("Anzeigename(%q, %q, %q) = %q, want %q", tc.art, tc.datum, tc.az, got, tc.want)
		}
	}
	for _, tc := range []struct{ az, datum, want string }{
		{"31-2/24", "2024-03-01", "31-2/24 vom 01.03.2024"}, {"31-2/24", "", "31-2/24"}, {"", "2024-03-01", "vom 01.03.2024"},
	} {
		if got := Aktentitel(tc.az, tc.datum); got != tc.want {
			t.Errorf("Aktentitel(%q, %q) = %q, want %q", tc.az, tc.datum, got, tc.want)
		}
	}
}
