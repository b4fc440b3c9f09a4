namespace SharpCoreDB.Sql.Lexing;

/// <summary>
/// The SQL keywords (SQLite's set plus TRUE, FALSE, STORED and STRICT). <see cref="Keywords"/> maps spellings
/// to these values and tells which ones are reserved.
/// </summary>
internal enum Keyword : byte
{
    /// <summary>Not a keyword.</summary>
    None,

    /// <summary><c>ABORT</c></summary>
    Abort,

    /// <summary><c>ACTION</c></summary>
    Action,

    /// <summary><c>ADD</c></summary>
    Add,

    /// <summary><c>AFTER</c></summary>
    After,

    /// <summary><c>ALL</c></summary>
    All,

    /// <summary><c>ALTER</c></summary>
    Alter,

    /// <summary><c>ALWAYS</c></summary>
    Always,

    /// <summary><c>ANALYZE</c></summary>
    Analyze,

    /// <summary><c>AND</c></summary>
    And,

    /// <summary><c>AS</c></summary>
    As,

    /// <summary><c>ASC</c></summary>
    Asc,

    /// <summary><c>ATTACH</c></summary>
    Attach,

    /// <summary><c>AUTOINCREMENT</c></summary>
    Autoincrement,

    /// <summary><c>BEFORE</c></summary>
    Before,

    /// <summary><c>BEGIN</c></summary>
    Begin,

    /// <summary><c>BETWEEN</c></summary>
    Between,

    /// <summary><c>BY</c></summary>
    By,

    /// <summary><c>CASCADE</c></summary>
    Cascade,

    /// <summary><c>CASE</c></summary>
    Case,

    /// <summary><c>CAST</c></summary>
    Cast,

    /// <summary><c>CHECK</c></summary>
    Check,

    /// <summary><c>COLLATE</c></summary>
    Collate,

    /// <summary><c>COLUMN</c></summary>
    Column,

    /// <summary><c>COMMIT</c></summary>
    Commit,

    /// <summary><c>CONFLICT</c></summary>
    Conflict,

    /// <summary><c>CONSTRAINT</c></summary>
    Constraint,

    /// <summary><c>CREATE</c></summary>
    Create,

    /// <summary><c>CROSS</c></summary>
    Cross,

    /// <summary><c>CURRENT</c></summary>
    Current,

    /// <summary><c>CURRENT_DATE</c></summary>
    CurrentDate,

    /// <summary><c>CURRENT_TIME</c></summary>
    CurrentTime,

    /// <summary><c>CURRENT_TIMESTAMP</c></summary>
    CurrentTimestamp,

    /// <summary><c>DATABASE</c></summary>
    Database,

    /// <summary><c>DEFAULT</c></summary>
    Default,

    /// <summary><c>DEFERRABLE</c></summary>
    Deferrable,

    /// <summary><c>DEFERRED</c></summary>
    Deferred,

    /// <summary><c>DELETE</c></summary>
    Delete,

    /// <summary><c>DESC</c></summary>
    Desc,

    /// <summary><c>DETACH</c></summary>
    Detach,

    /// <summary><c>DISTINCT</c></summary>
    Distinct,

    /// <summary><c>DO</c></summary>
    Do,

    /// <summary><c>DROP</c></summary>
    Drop,

    /// <summary><c>EACH</c></summary>
    Each,

    /// <summary><c>ELSE</c></summary>
    Else,

    /// <summary><c>END</c></summary>
    End,

    /// <summary><c>ESCAPE</c></summary>
    Escape,

    /// <summary><c>EXCEPT</c></summary>
    Except,

    /// <summary><c>EXCLUDE</c></summary>
    Exclude,

    /// <summary><c>EXCLUSIVE</c></summary>
    Exclusive,

    /// <summary><c>EXISTS</c></summary>
    Exists,

    /// <summary><c>EXPLAIN</c></summary>
    Explain,

    /// <summary><c>FAIL</c></summary>
    Fail,

    /// <summary><c>FALSE</c></summary>
    False,

    /// <summary><c>FILTER</c></summary>
    Filter,

    /// <summary><c>FIRST</c></summary>
    First,

    /// <summary><c>FOLLOWING</c></summary>
    Following,

    /// <summary><c>FOR</c></summary>
    For,

    /// <summary><c>FOREIGN</c></summary>
    Foreign,

    /// <summary><c>FROM</c></summary>
    From,

    /// <summary><c>FULL</c></summary>
    Full,

    /// <summary><c>GENERATED</c></summary>
    Generated,

    /// <summary><c>GLOB</c></summary>
    Glob,

    /// <summary><c>GROUP</c></summary>
    Group,

    /// <summary><c>GROUPS</c></summary>
    Groups,

    /// <summary><c>HAVING</c></summary>
    Having,

    /// <summary><c>IF</c></summary>
    If,

    /// <summary><c>IGNORE</c></summary>
    Ignore,

    /// <summary><c>IMMEDIATE</c></summary>
    Immediate,

    /// <summary><c>IN</c></summary>
    In,

    /// <summary><c>INDEX</c></summary>
    Index,

    /// <summary><c>INDEXED</c></summary>
    Indexed,

    /// <summary><c>INITIALLY</c></summary>
    Initially,

    /// <summary><c>INNER</c></summary>
    Inner,

    /// <summary><c>INSERT</c></summary>
    Insert,

    /// <summary><c>INSTEAD</c></summary>
    Instead,

    /// <summary><c>INTERSECT</c></summary>
    Intersect,

    /// <summary><c>INTO</c></summary>
    Into,

    /// <summary><c>IS</c></summary>
    Is,

    /// <summary><c>ISNULL</c></summary>
    Isnull,

    /// <summary><c>JOIN</c></summary>
    Join,

    /// <summary><c>KEY</c></summary>
    Key,

    /// <summary><c>LAST</c></summary>
    Last,

    /// <summary><c>LEFT</c></summary>
    Left,

    /// <summary><c>LIKE</c></summary>
    Like,

    /// <summary><c>LIMIT</c></summary>
    Limit,

    /// <summary><c>MATCH</c></summary>
    Match,

    /// <summary><c>MATERIALIZED</c></summary>
    Materialized,

    /// <summary><c>NATURAL</c></summary>
    Natural,

    /// <summary><c>NO</c></summary>
    No,

    /// <summary><c>NOT</c></summary>
    Not,

    /// <summary><c>NOTHING</c></summary>
    Nothing,

    /// <summary><c>NOTNULL</c></summary>
    Notnull,

    /// <summary><c>NULL</c></summary>
    Null,

    /// <summary><c>NULLS</c></summary>
    Nulls,

    /// <summary><c>OF</c></summary>
    Of,

    /// <summary><c>OFFSET</c></summary>
    Offset,

    /// <summary><c>ON</c></summary>
    On,

    /// <summary><c>OR</c></summary>
    Or,

    /// <summary><c>ORDER</c></summary>
    Order,

    /// <summary><c>OTHERS</c></summary>
    Others,

    /// <summary><c>OUTER</c></summary>
    Outer,

    /// <summary><c>OVER</c></summary>
    Over,

    /// <summary><c>PARTITION</c></summary>
    Partition,

    /// <summary><c>PLAN</c></summary>
    Plan,

    /// <summary><c>PRAGMA</c></summary>
    Pragma,

    /// <summary><c>PRECEDING</c></summary>
    Preceding,

    /// <summary><c>PRIMARY</c></summary>
    Primary,

    /// <summary><c>QUERY</c></summary>
    Query,

    /// <summary><c>RAISE</c></summary>
    Raise,

    /// <summary><c>RANGE</c></summary>
    Range,

    /// <summary><c>RECURSIVE</c></summary>
    Recursive,

    /// <summary><c>REFERENCES</c></summary>
    References,

    /// <summary><c>REGEXP</c></summary>
    Regexp,

    /// <summary><c>REINDEX</c></summary>
    Reindex,

    /// <summary><c>RELEASE</c></summary>
    Release,

    /// <summary><c>RENAME</c></summary>
    Rename,

    /// <summary><c>REPLACE</c></summary>
    Replace,

    /// <summary><c>RESTRICT</c></summary>
    Restrict,

    /// <summary><c>RETURNING</c></summary>
    Returning,

    /// <summary><c>RIGHT</c></summary>
    Right,

    /// <summary><c>ROLLBACK</c></summary>
    Rollback,

    /// <summary><c>ROW</c></summary>
    Row,

    /// <summary><c>ROWS</c></summary>
    Rows,

    /// <summary><c>SAVEPOINT</c></summary>
    Savepoint,

    /// <summary><c>SELECT</c></summary>
    Select,

    /// <summary><c>SET</c></summary>
    Set,

    /// <summary><c>STORED</c></summary>
    Stored,

    /// <summary><c>STRICT</c></summary>
    Strict,

    /// <summary><c>TABLE</c></summary>
    Table,

    /// <summary><c>TEMP</c></summary>
    Temp,

    /// <summary><c>TEMPORARY</c></summary>
    Temporary,

    /// <summary><c>THEN</c></summary>
    Then,

    /// <summary><c>TIES</c></summary>
    Ties,

    /// <summary><c>TO</c></summary>
    To,

    /// <summary><c>TRANSACTION</c></summary>
    Transaction,

    /// <summary><c>TRIGGER</c></summary>
    Trigger,

    /// <summary><c>TRUE</c></summary>
    True,

    /// <summary><c>UNBOUNDED</c></summary>
    Unbounded,

    /// <summary><c>UNION</c></summary>
    Union,

    /// <summary><c>UNIQUE</c></summary>
    Unique,

    /// <summary><c>UPDATE</c></summary>
    Update,

    /// <summary><c>USING</c></summary>
    Using,

    /// <summary><c>VACUUM</c></summary>
    Vacuum,

    /// <summary><c>VALUES</c></summary>
    Values,

    /// <summary><c>VIEW</c></summary>
    View,

    /// <summary><c>VIRTUAL</c></summary>
    Virtual,

    /// <summary><c>WHEN</c></summary>
    When,

    /// <summary><c>WHERE</c></summary>
    Where,

    /// <summary><c>WINDOW</c></summary>
    Window,

    /// <summary><c>WITH</c></summary>
    With,

    /// <summary><c>WITHOUT</c></summary>
    Without,
}
