package contracts

import "time"

// The UTC range of a timestamp: years 0001–9999.
var (
	minInstant = time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
	maxInstant = time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC).Unix()
)

// maxOffsetSeconds is the largest UTC offset: ±18:00, as java.time allows.
const maxOffsetSeconds = 18 * 3600

// parseTimestamp reads YYYY-MM-DDTHH:MM:SS[.f{1,6}](Z|±HH:MM) and returns
// unix seconds and nanoseconds in UTC.
func parseTimestamp(b []byte) (sec int64, nsec int32, ok bool) {
	if len(b) < 20 || b[10] != 'T' || b[13] != ':' || b[16] != ':' {
		return 0, 0, false
	}
	y, m, d, ok := parseDateBytes(b[:10])
	hh, ok1 := num2(b, 11)
	mm, ok2 := num2(b, 14)
	ss, ok3 := num2(b, 17)
	if !ok || !ok1 || !ok2 || !ok3 || hh > 23 || mm > 59 || ss > 59 {
		return 0, 0, false
	}
	rest := b[19:]
	if rest[0] == '.' {
		n := 1
		for n < len(rest) && n <= 7 && rest[n] >= '0' && rest[n] <= '9' {
			nsec = nsec*10 + int32(rest[n]-'0')
			n++
		}
		if n == 1 || n > 7 {
			return 0, 0, false
		}
		for range 10 - n {
			nsec *= 10
		}
		rest = rest[n:]
	}
	off, ok := parseOffset(rest)
	if !ok {
		return 0, 0, false
	}
	sec = daysSinceEpoch(y, m, d)*86400 + int64(hh*3600+mm*60+ss) - off
	if sec < minInstant || sec > maxInstant {
		return 0, 0, false
	}
	return sec, nsec, true
}

// parseOffset reads Z or ±HH:MM, at most 18:00.
func parseOffset(b []byte) (int64, bool) {
	if len(b) == 1 && b[0] == 'Z' {
		return 0, true
	}
	if len(b) != 6 || (b[0] != '+' && b[0] != '-') || b[3] != ':' {
		return 0, false
	}
	hh, ok1 := num2(b, 1)
	mm, ok2 := num2(b, 4)
	off := int64(hh*3600 + mm*60)
	if !ok1 || !ok2 || mm > 59 || off > maxOffsetSeconds {
		return 0, false
	}
	if b[0] == '-' {
		off = -off
	}
	return off, true
}

// parseDateBytes reads YYYY-MM-DD, a real date in years 0001–9999.
func parseDateBytes(b []byte) (y, m, d int, ok bool) {
	if len(b) != 10 || b[4] != '-' || b[7] != '-' {
		return 0, 0, 0, false
	}
	hi, ok1 := num2(b, 0)
	lo, ok2 := num2(b, 2)
	m, ok3 := num2(b, 5)
	d, ok4 := num2(b, 8)
	y = hi*100 + lo
	if !ok1 || !ok2 || !ok3 || !ok4 || y < 1 || m < 1 || m > 12 || d < 1 || d > daysIn(y, m) {
		return 0, 0, 0, false
	}
	return y, m, d, true
}

// daysSinceEpoch counts days from 1970-01-01 to y-m-d in the proleptic
// Gregorian calendar (Howard Hinnant's days_from_civil).
func daysSinceEpoch(y, m, d int) int64 {
	if m <= 2 {
		y--
	}
	era := y / 400 // y >= 0 here: years start at 0001
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return int64(era)*146097 + int64(doe) - 719468
}

func daysIn(y, m int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// num2 reads two ASCII digits at i.
func num2(b []byte, i int) (int, bool) {
	c1, c2 := b[i], b[i+1]
	if c1 < '0' || c1 > '9' || c2 < '0' || c2 > '9' {
		return 0, false
	}
	return int(c1-'0')*10 + int(c2-'0'), true
}
