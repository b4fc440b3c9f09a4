using SharpCoreDB.Catalog;

namespace SharpCoreDB.Binding;

/// <summary>PRAGMA foreign_key_check as bound: the tables whose rows are checked for a missing parent.</summary>
/// <param name="Schema">The schema the statement was bound against.</param>
/// <param name="Tables">The tables to check, in the order their rows are reported.</param>
/// <param name="Slot">The slot each reported row is produced in.</param>
internal sealed record BoundForeignKeyCheck(Schema Schema, IReadOnlyList<TableSchema> Tables, int Slot) : IBoundRelation;
