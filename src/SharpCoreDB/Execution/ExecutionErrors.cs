using SharpCoreDB.Records;

namespace SharpCoreDB.Execution;

/// <summary>
/// Builds the exceptions execution throws: SQL that parses and binds but fails while it runs (a bad argument, a
/// constraint, a name missing at run time, a corrupt index). Every message is written once here, in SQLite's words
/// where SQLite has them. Callers throw what these return (<c>throw ExecutionErrors.X(...)</c>), so the compiler
/// still sees the throw. Foreign-key errors live in <c>ForeignKeys/ForeignKeyErrors</c>, and a user function's own
/// exception is wrapped by <c>Functions/UserFunctionErrors</c>.
/// </summary>
internal static class ExecutionErrors
{
    // ---- Statement control

    /// <summary>
    /// The error a cancelled statement fails with (the provider's command timeout or <c>Cancel()</c>; the provider maps
    /// it to Timeout, Cancelled or OperationCanceledException).
    /// </summary>
    /// <returns>Cancelled.</returns>
    public static SharpCoreDBException Cancelled() => new(SharpCoreDBErrorCode.Cancelled, "The statement was cancelled.");

    /// <summary>A trigger cascade would overflow the stack of this thread.</summary>
    /// <param name="trigger">The trigger about to run.</param>
    /// <returns>TooComplex.</returns>
    public static SharpCoreDBException TriggerNestedTooDeeply(string trigger) => new(
        SharpCoreDBErrorCode.TooComplex,
        $"trigger {trigger} is nested too deeply in a trigger cascade for the stack of this thread");

    /// <summary>RAISE(ABORT, message): the statement's changes are undone.</summary>
    /// <param name="message">The trigger's message.</param>
    /// <returns>TriggerRaise.</returns>
    public static SharpCoreDBException RaiseAbort(string? message) => new(SharpCoreDBErrorCode.TriggerRaise, message ?? string.Empty);

    /// <summary>RAISE(FAIL, message): the statement's changes so far are kept.</summary>
    /// <param name="message">The trigger's message.</param>
    /// <returns>TriggerRaise.</returns>
    public static SharpCoreDBException RaiseFail(string? message) =>
        new(SharpCoreDBErrorCode.TriggerRaise, message ?? string.Empty) { KeepsStatementChanges = true };

    /// <summary>RAISE(ROLLBACK, message): the whole transaction is rolled back.</summary>
    /// <param name="message">The trigger's message.</param>
    /// <returns>TriggerRaise.</returns>
    public static SharpCoreDBException RaiseRollback(string? message) =>
        new(SharpCoreDBErrorCode.TriggerRaise, message ?? string.Empty) { RollsBackTransaction = true };

    // ---- Values and arguments

    /// <summary>LIMIT or OFFSET evaluated to something that is not an integer.</summary>
    /// <param name="clause">"LIMIT" or "OFFSET".</param>
    /// <param name="value">The value.</param>
    /// <returns>TypeMismatch.</returns>
    public static SharpCoreDBException LimitNotInteger(string clause, in SqlValue value) =>
        new(SharpCoreDBErrorCode.TypeMismatch, $"datatype mismatch: {clause} needs an integer, not {value}");

    /// <summary>A row id (or INTEGER PRIMARY KEY) value that is not an integer.</summary>
    /// <param name="table">The table.</param>
    /// <param name="column">The row id column ("rowid" without an alias).</param>
    /// <param name="value">The value.</param>
    /// <param name="keepsStatementChanges">True under OR FAIL and OR ROLLBACK (SQLite keeps no statement journal).</param>
    /// <returns>TypeMismatch.</returns>
    public static SharpCoreDBException RowIdNotInteger(string table, string column, in SqlValue value, bool keepsStatementChanges) =>
        new(SharpCoreDBErrorCode.TypeMismatch, $"datatype mismatch: {table}.{column} must be an integer, not {value}")
        {
            KeepsStatementChanges = keepsStatementChanges,
        };

    /// <summary>Every row id up to the largest is taken.</summary>
    /// <param name="table">The table.</param>
    /// <returns>TooBig.</returns>
    public static SharpCoreDBException NoUnusedRowId(string table) =>
        new(SharpCoreDBErrorCode.TooBig, $"database or disk is full: table {table} has no unused row id");

    /// <summary>A STRICT table's column refuses a value of another type.</summary>
    /// <param name="valueType">The value's type name.</param>
    /// <param name="columnType">The column's canonical type name.</param>
    /// <param name="table">The table.</param>
    /// <param name="column">The column.</param>
    /// <returns>TypeMismatch.</returns>
    public static SharpCoreDBException StrictTypeMismatch(string valueType, string columnType, string table, string column) =>
        new(SharpCoreDBErrorCode.TypeMismatch, $"cannot store {valueType} value in {columnType} column {table}.{column}");

    /// <summary>A TEXT or BLOB value would pass the length limit.</summary>
    /// <param name="maxLength">The limit, in bytes.</param>
    /// <returns>TooBig.</returns>
    public static SharpCoreDBException ValueTooBig(long maxLength) => new(
        SharpCoreDBErrorCode.TooBig,
        $"string or blob too big: a TEXT or BLOB value would pass the limit of {maxLength} bytes");

    /// <summary>An integer result does not fit in 64 bits.</summary>
    /// <returns>IntegerOverflow.</returns>
    public static SharpCoreDBException IntegerOverflow() => new(SharpCoreDBErrorCode.IntegerOverflow, "integer overflow");

    // ---- Functions

    /// <summary>No scalar or aggregate function has the name.</summary>
    /// <param name="name">The function name.</param>
    /// <returns>Unsupported.</returns>
    public static SharpCoreDBException NoSuchFunction(string name) => new(SharpCoreDBErrorCode.Unsupported, $"no such function: {name}");

    /// <summary>The function exists, but not with that many arguments.</summary>
    /// <param name="name">The function name.</param>
    /// <returns>Unsupported.</returns>
    public static SharpCoreDBException WrongArgumentCount(string name) =>
        new(SharpCoreDBErrorCode.Unsupported, $"wrong number of arguments to function {name}()");

    /// <summary>An aggregate function called where only a scalar one can run.</summary>
    /// <param name="name">The function name.</param>
    /// <returns>Unsupported.</returns>
    public static SharpCoreDBException MisuseOfAggregate(string name) =>
        new(SharpCoreDBErrorCode.Unsupported, $"misuse of aggregate function {name}()");

    /// <summary>DISTINCT on an aggregate of other than one argument.</summary>
    /// <returns>Unsupported.</returns>
    public static SharpCoreDBException DistinctAggregateArguments() =>
        new(SharpCoreDBErrorCode.Unsupported, "DISTINCT aggregates must have exactly one argument");

    /// <summary>likelihood()'s second argument is not a constant probability.</summary>
    /// <returns>Unsupported.</returns>
    public static SharpCoreDBException LikelihoodArgument() =>
        new(SharpCoreDBErrorCode.Unsupported, "second argument to likelihood() must be a constant between 0.0 and 1.0");

    /// <summary>LIKE's ESCAPE is not one character.</summary>
    /// <returns>TypeMismatch.</returns>
    public static SharpCoreDBException LikeEscapeNotOneCharacter() =>
        new(SharpCoreDBErrorCode.TypeMismatch, "ESCAPE expression must be a single character");

    /// <summary>A LIKE or GLOB pattern would take too much work to match.</summary>
    /// <returns>TooBig.</returns>
    public static SharpCoreDBException PatternTooComplex() => new(SharpCoreDBErrorCode.TooBig, "LIKE or GLOB pattern too complex");

    /// <summary>A window frame's RANGE offset is not a non-negative number.</summary>
    /// <param name="which">"starting" or "ending".</param>
    /// <returns>TypeMismatch.</returns>
    public static SharpCoreDBException FrameOffsetNotNumber(string which) =>
        new(SharpCoreDBErrorCode.TypeMismatch, $"frame {which} offset must be a non-negative number");

    /// <summary>A window frame's ROWS or GROUPS offset is not a non-negative integer.</summary>
    /// <param name="which">"starting" or "ending".</param>
    /// <returns>TypeMismatch.</returns>
    public static SharpCoreDBException FrameOffsetNotInteger(string which) =>
        new(SharpCoreDBErrorCode.TypeMismatch, $"frame {which} offset must be a non-negative integer");

    /// <summary>ntile()'s argument is not a positive integer.</summary>
    /// <returns>TypeMismatch.</returns>
    public static SharpCoreDBException NtileArgument() =>
        new(SharpCoreDBErrorCode.TypeMismatch, "argument of ntile must be a positive integer");

    /// <summary>nth_value()'s second argument is not a positive integer.</summary>
    /// <returns>TypeMismatch.</returns>
    public static SharpCoreDBException NthValueArgument() =>
        new(SharpCoreDBErrorCode.TypeMismatch, "second argument to nth_value must be a positive integer");

    // ---- JSON

    /// <summary>Text that is not JSON where JSON is needed.</summary>
    /// <returns>TypeMismatch.</returns>
    public static SharpCoreDBException MalformedJson() => new(SharpCoreDBErrorCode.TypeMismatch, "malformed JSON");

    /// <summary>A JSON path that does not parse.</summary>
    /// <param name="path">The path.</param>
    /// <returns>TypeMismatch.</returns>
    public static SharpCoreDBException BadJsonPath(string path) => new(SharpCoreDBErrorCode.TypeMismatch, $"bad JSON path: '{path}'");

    /// <summary>json_object() with a label but no value.</summary>
    /// <returns>TypeMismatch.</returns>
    public static SharpCoreDBException JsonObjectArgumentCount() =>
        new(SharpCoreDBErrorCode.TypeMismatch, "json_object() requires an even number of arguments");

    /// <summary>json_object() with a label that is not TEXT.</summary>
    /// <returns>TypeMismatch.</returns>
    public static SharpCoreDBException JsonObjectLabelNotText() => new(SharpCoreDBErrorCode.TypeMismatch, "json_object() labels must be TEXT");

    /// <summary>json_group_object() with a NULL label.</summary>
    /// <returns>TypeMismatch.</returns>
    public static SharpCoreDBException JsonGroupObjectNullLabel() =>
        new(SharpCoreDBErrorCode.TypeMismatch, "json_group_object() labels must not be NULL");

    /// <summary>A BLOB where a JSON value is built.</summary>
    /// <returns>TypeMismatch.</returns>
    public static SharpCoreDBException JsonBlob() => new(SharpCoreDBErrorCode.TypeMismatch, "JSON cannot hold BLOB values");

    /// <summary>json_insert, json_replace or json_set with a path but no value.</summary>
    /// <param name="edit">The edit's name in lower case ("insert", "replace", "set").</param>
    /// <returns>Unsupported.</returns>
    public static SharpCoreDBException JsonEditArgumentCount(string edit) =>
        new(SharpCoreDBErrorCode.Unsupported, $"json_{edit}() needs an odd number of arguments");

    // ---- Schema changes

    /// <summary>A name that an object of the schema already has.</summary>
    /// <param name="kind">What has it: "index", "view", else a table.</param>
    /// <param name="name">The name.</param>
    /// <returns>AlreadyExists.</returns>
    public static SharpCoreDBException AlreadyExists(string kind, string name) => kind switch
    {
        "index" => new(SharpCoreDBErrorCode.AlreadyExists, $"index {name} already exists"),
        "view" => new(SharpCoreDBErrorCode.AlreadyExists, $"view {name} already exists"),
        _ => new(SharpCoreDBErrorCode.AlreadyExists, $"table {name} already exists"),
    };

    /// <summary>CREATE TRIGGER with a name a trigger already has.</summary>
    /// <param name="name">The name.</param>
    /// <returns>AlreadyExists.</returns>
    public static SharpCoreDBException TriggerExists(string name) => new(SharpCoreDBErrorCode.AlreadyExists, $"trigger {name} already exists");

    /// <summary>No table has the name.</summary>
    /// <param name="name">The name.</param>
    /// <returns>UnknownTable.</returns>
    public static SharpCoreDBException NoSuchTable(string name) => new(SharpCoreDBErrorCode.UnknownTable, $"no such table: {name}");

    /// <summary>No view has the name.</summary>
    /// <param name="name">The name.</param>
    /// <returns>UnknownTable.</returns>
    public static SharpCoreDBException NoSuchView(string name) => new(SharpCoreDBErrorCode.UnknownTable, $"no such view: {name}");

    /// <summary>No index has the name.</summary>
    /// <param name="name">The name.</param>
    /// <returns>UnknownIndex.</returns>
    public static SharpCoreDBException NoSuchIndex(string name) => new(SharpCoreDBErrorCode.UnknownIndex, $"no such index: {name}");

    /// <summary>No trigger has the name.</summary>
    /// <param name="name">The name.</param>
    /// <returns>UnknownTrigger.</returns>
    public static SharpCoreDBException NoSuchTrigger(string name) => new(SharpCoreDBErrorCode.UnknownTrigger, $"no such trigger: {name}");

    /// <summary>DROP TABLE naming a view.</summary>
    /// <param name="name">The view.</param>
    /// <returns>UnknownTable.</returns>
    public static SharpCoreDBException UseDropView(string name) => new(SharpCoreDBErrorCode.UnknownTable, $"use DROP VIEW to delete view {name}");

    /// <summary>DROP VIEW naming a table.</summary>
    /// <param name="name">The table.</param>
    /// <returns>UnknownTable.</returns>
    public static SharpCoreDBException UseDropTable(string name) => new(SharpCoreDBErrorCode.UnknownTable, $"use DROP TABLE to delete table {name}");

    /// <summary>DROP INDEX naming the index of a UNIQUE or PRIMARY KEY constraint.</summary>
    /// <param name="name">The index.</param>
    /// <returns>Unsupported.</returns>
    public static SharpCoreDBException IndexEnforcesConstraint(string name) =>
        new(SharpCoreDBErrorCode.Unsupported, $"index {name} enforces a UNIQUE or PRIMARY KEY constraint and cannot be dropped");

    /// <summary>A BEFORE or AFTER trigger on a view.</summary>
    /// <param name="timing">"BEFORE" or "AFTER".</param>
    /// <param name="view">The view.</param>
    /// <returns>Unsupported.</returns>
    public static SharpCoreDBException TriggerOnView(string timing, string view) =>
        new(SharpCoreDBErrorCode.Unsupported, $"cannot create {timing} trigger on view: {view}");

    /// <summary>An INSTEAD OF trigger on a table.</summary>
    /// <param name="table">The table.</param>
    /// <returns>Unsupported.</returns>
    public static SharpCoreDBException InsteadOfTriggerOnTable(string table) =>
        new(SharpCoreDBErrorCode.Unsupported, $"cannot create INSTEAD OF trigger on table: {table}");

    /// <summary>ALTER TABLE ADD COLUMN of a REFERENCES column with a non-NULL default.</summary>
    /// <returns>Unsupported.</returns>
    public static SharpCoreDBException ReferencesColumnWithDefault() =>
        new(SharpCoreDBErrorCode.Unsupported, "Cannot add a REFERENCES column with non-NULL default value");

    /// <summary>ALTER TABLE ADD COLUMN of a STORED generated column.</summary>
    /// <returns>Unsupported.</returns>
    public static SharpCoreDBException StoredColumn() => new(SharpCoreDBErrorCode.Unsupported, "cannot add a STORED column");

    /// <summary>ALTER TABLE ADD COLUMN of a NOT NULL column whose default is NULL, on a table with rows.</summary>
    /// <returns>NotNullViolation.</returns>
    public static SharpCoreDBException NotNullColumnWithNullDefault() =>
        new(SharpCoreDBErrorCode.NotNullViolation, "Cannot add a NOT NULL column with default value NULL");

    /// <summary>CREATE UNIQUE INDEX on an expression over rows with equal keys.</summary>
    /// <param name="index">The index.</param>
    /// <returns>UniqueViolation.</returns>
    public static SharpCoreDBException UniqueIndexFailed(string index) =>
        new(SharpCoreDBErrorCode.UniqueViolation, $"UNIQUE constraint failed: index '{index}'");

    /// <summary>CREATE UNIQUE INDEX on columns over rows with equal keys.</summary>
    /// <param name="columns">The columns, as "table.column, …".</param>
    /// <param name="index">The index.</param>
    /// <returns>UniqueViolation.</returns>
    public static SharpCoreDBException UniqueIndexFailed(string columns, string index) =>
        new(SharpCoreDBErrorCode.UniqueViolation, $"UNIQUE constraint failed: {columns} (CREATE UNIQUE INDEX {index})");

    /// <summary>An index names a collation the connection has not registered.</summary>
    /// <param name="collation">The collation.</param>
    /// <param name="index">The index.</param>
    /// <param name="table">The index's table.</param>
    /// <returns>Unsupported.</returns>
    public static SharpCoreDBException MissingCollation(string collation, string index, string table) => new(
        SharpCoreDBErrorCode.Unsupported,
        $"no such collation sequence: {collation} (index {index} on table {table} needs it; register it with CreateCollation)");

    // ---- Corruption

    /// <summary>An index entry points at a row its table does not hold.</summary>
    /// <param name="index">The index.</param>
    /// <param name="rowId">The row id in the entry.</param>
    /// <param name="table">The table.</param>
    /// <returns>Corrupt.</returns>
    public static SharpCoreDBException IndexRowMissing(string index, long rowId, string table) =>
        new(SharpCoreDBErrorCode.Corrupt, $"index {index} refers to row {rowId}, which table {table} does not hold");

    /// <summary>An index entry points at a row its table does not hold (row id not known).</summary>
    /// <param name="index">The index.</param>
    /// <param name="table">The table.</param>
    /// <returns>Corrupt.</returns>
    public static SharpCoreDBException IndexRowMissing(string index, string table) =>
        new(SharpCoreDBErrorCode.Corrupt, $"index {index} refers to a row table {table} does not hold");
}
