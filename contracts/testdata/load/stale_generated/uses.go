package stalegenerated

// idColumn uses an accessor that only the generated file declares.
var idColumn = EventCols.ID.Name()
