using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <summary>CREATE TABLE … AS SELECT: the definition made from the query's columns, and the query whose rows fill the table.</summary>
/// <param name="Statement">The CREATE TABLE the query's columns define.</param>
/// <param name="Source">The bound query, for the planner to plan.</param>
/// <param name="RowSlot">The slot each new row is built in.</param>
internal sealed record BoundCreateTableAs(CreateTableStatement Statement, BoundQuery Source, int RowSlot) : BoundSchemaChange;
