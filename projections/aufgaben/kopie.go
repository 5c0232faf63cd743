package aufgaben

// brauche notes that the batch needs the copy of an object, with mitElter that of the
// operation it belongs to too.
func (l *lauf) brauche(streamType string, id int64, mitElter bool) {
	l.ids[streamType] = append(l.ids[streamType], id)
	if mitElter {
		l.mitElter[streamType] = append(l.mitElter[streamType], id)
	}
}
