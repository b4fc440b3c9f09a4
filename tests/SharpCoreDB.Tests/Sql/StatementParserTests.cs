using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Parsing;

namespace SharpCoreDB.Tests.Sql;

public sealed class StatementParserTests
{
    [Theory]
    [InlineData("INSERT INTO t VALUES (1, 'a')", "INSERT INTO t VALUES (1, 'a')")]
    [InlineData("INSERT INTO t(e,c) VALUES(103,102),(1,2)", "INSERT INTO t (e, c) VALUES (103, 102), (1, 2)")]
    [InlineData("INSERT INTO t SELECT * FROM u", "INSERT INTO t SELECT * FROM u")]
    [InlineData("INSERT INTO t DEFAULT VALUES", "INSERT INTO t DEFAULT VALUES")]
    [InlineData("INSERT OR REPLACE INTO t VALUES (1)", "INSERT OR REPLACE INTO t VALUES (1)")]
    [InlineData("INSERT OR IGNORE INTO t VALUES (1)", "INSERT OR IGNORE INTO t VALUES (1)")]
    [InlineData("INSERT OR ROLLBACK INTO t VALUES (1)", "INSERT OR ROLLBACK INTO t VALUES (1)")]
    [InlineData("INSERT OR ABORT INTO t VALUES (1)", "INSERT OR ABORT INTO t VALUES (1)")]
    [InlineData("INSERT OR FAIL INTO t VALUES (1)", "INSERT OR FAIL INTO t VALUES (1)")]
    [InlineData("REPLACE INTO t VALUES (2, 'replace')", "INSERT OR REPLACE INTO t VALUES (2, 'replace')")]
    [InlineData("INSERT INTO main.t AS x (a) VALUES (1)", "INSERT INTO main.t AS x (a) VALUES (1)")]
    [InlineData("INSERT INTO t1 VALUES(1<<63,'true');", "INSERT INTO t1 VALUES ((1 << 63), 'true')")]
    [InlineData("UPDATE t1 SET x=3, x=4, x=5", "UPDATE t1 SET x = 3, x = 4, x = 5")]
    [InlineData("UPDATE t1 SET y='unknown' WHERE x>0", "UPDATE t1 SET y = 'unknown' WHERE (x > 0)")]
    [InlineData("UPDATE OR IGNORE t AS u SET a = a + 1", "UPDATE OR IGNORE t AS u SET a = (a + 1)")]
    [InlineData("DELETE FROM t", "DELETE FROM t")]
    [InlineData("DELETE FROM view1 WHERE x>0", "DELETE FROM view1 WHERE (x > 0)")]
    public void Data_changing_statements(string sql, string canonical)
    {
        Assert.Equal(canonical, SqlAssert.Canonical(sql));
    }

    [Fact]
    public void Insert_fields()
    {
        var insert = SqlAssert.Parse<InsertStatement>("REPLACE INTO t (a, b) VALUES (1, 2), (3, 4)");
        Assert.Equal(ConflictResolution.Replace, insert.OnConflict);
        Assert.Equal(["a", "b"], insert.Columns.Select(c => c.Name).ToArray());
        Assert.Equal(new SourcePosition(1, 17, 16), insert.Columns[0].Position);
        var values = Assert.IsType<ValuesClause>(insert.Source!.Body);
        Assert.Equal(2, values.Rows.Length);

        Assert.Null(SqlAssert.Parse<InsertStatement>("INSERT INTO t DEFAULT VALUES").Source);
    }

    [Fact]
    public void Update_fields()
    {
        var update = SqlAssert.Parse<UpdateStatement>("UPDATE t SET a = 1,\n  b = a WHERE c");
        Assert.Equal(["a", "b"], update.Assignments.Select(a => a.Column).ToArray());
        Assert.Equal(new SourcePosition(2, 3, 22), update.Assignments[1].Position);
        Assert.IsType<ColumnReference>(update.Where);
    }

    [Theory]
    [InlineData("CREATE TABLE t1( x INTEGER, y VARCHAR(8) )", "CREATE TABLE t1 (x INTEGER, y VARCHAR(8))")]
    [InlineData("CREATE TABLE IF NOT EXISTS main.t (a)", "CREATE TABLE IF NOT EXISTS main.t (a)")]
    [InlineData("CREATE TEMP TABLE t (a INT)", "CREATE TEMP TABLE t (a INT)")]
    [InlineData("CREATE TEMPORARY TABLE t (a INT)", "CREATE TEMP TABLE t (a INT)")]
    [InlineData("CREATE TABLE t (id INTEGER PRIMARY KEY DESC ON CONFLICT REPLACE AUTOINCREMENT)", "CREATE TABLE t (id INTEGER PRIMARY KEY DESC ON CONFLICT REPLACE AUTOINCREMENT)")]
    [InlineData("CREATE TABLE t (a TEXT NOT NULL ON CONFLICT IGNORE UNIQUE NULL COLLATE NOCASE)", "CREATE TABLE t (a TEXT NOT NULL ON CONFLICT IGNORE UNIQUE COLLATE NOCASE)")]
    [InlineData("CREATE TABLE t (a DECIMAL(10,2) DEFAULT 0, b DEFAULT -1.5, c DEFAULT 'x', d DEFAULT (1 + 2))", "CREATE TABLE t (a DECIMAL(10, 2) DEFAULT 0, b DEFAULT -1.5, c DEFAULT 'x', d DEFAULT ((1 + 2)))")]
    [InlineData("CREATE TABLE t (a DEFAULT +5, b DEFAULT NULL, c DEFAULT CURRENT_TIMESTAMP, d DEFAULT TRUE, e DEFAULT X'AB')", "CREATE TABLE t (a DEFAULT 5, b DEFAULT NULL, c DEFAULT CURRENT_TIMESTAMP, d DEFAULT TRUE, e DEFAULT X'AB')")]
    [InlineData("CREATE TABLE t (a DEFAULT abc)", "CREATE TABLE t (a DEFAULT 'abc')")]
    [InlineData("CREATE TABLE t (a DEFAULT -9223372036854775808)", "CREATE TABLE t (a DEFAULT -9223372036854775808)")]
    [InlineData("CREATE TABLE t (a INT CHECK (a > 0), b CONSTRAINT fk REFERENCES p(id) ON DELETE CASCADE ON UPDATE SET NULL)", "CREATE TABLE t (a INT CHECK ((a > 0)), b CONSTRAINT fk REFERENCES p (id) ON DELETE CASCADE ON UPDATE SET NULL)")]
    [InlineData("CREATE TABLE t (a REFERENCES p DEFERRABLE INITIALLY DEFERRED NOT NULL)", "CREATE TABLE t (a REFERENCES p DEFERRABLE INITIALLY DEFERRED NOT NULL)")]
    [InlineData("CREATE TABLE t (a REFERENCES p ON DELETE NO ACTION ON UPDATE RESTRICT MATCH simple NOT DEFERRABLE)", "CREATE TABLE t (a REFERENCES p ON DELETE NO ACTION ON UPDATE RESTRICT MATCH simple)")]
    [InlineData("CREATE TABLE t (a INT, b INT GENERATED ALWAYS AS (a * 2) STORED, c AS (a + 1) VIRTUAL)", "CREATE TABLE t (a INT, b INT GENERATED ALWAYS AS ((a * 2)) STORED, c GENERATED ALWAYS AS ((a + 1)))")]
    [InlineData("CREATE TABLE t (a, b, PRIMARY KEY (a, b DESC), UNIQUE (b COLLATE nocase) ON CONFLICT FAIL CHECK (a <> b), FOREIGN KEY (a) REFERENCES p (x) ON DELETE SET DEFAULT)", "CREATE TABLE t (a, b, PRIMARY KEY (a, b DESC), UNIQUE (b COLLATE nocase) ON CONFLICT FAIL, CHECK ((a <> b)), FOREIGN KEY (a) REFERENCES p (x) ON DELETE SET DEFAULT)")]
    [InlineData("CREATE TABLE t (a INTEGER, CONSTRAINT pk PRIMARY KEY (a AUTOINCREMENT))", "CREATE TABLE t (a INTEGER, CONSTRAINT pk PRIMARY KEY (a AUTOINCREMENT))")]
    [InlineData("CREATE TABLE t (a UNSIGNED BIG INT, b DOUBLE PRECISION, c VARYING CHARACTER(255))", "CREATE TABLE t (a UNSIGNED BIG INT, b DOUBLE PRECISION, c VARYING CHARACTER(255))")]
    [InlineData("CREATE TABLE t (a INT) WITHOUT ROWID, STRICT", "CREATE TABLE t (a INT) WITHOUT ROWID, STRICT")]
    [InlineData("CREATE TABLE t (a INT) strict", "CREATE TABLE t (a INT) STRICT")]
    [InlineData("CREATE TABLE t AS SELECT a, b FROM u", "CREATE TABLE t AS SELECT a, b FROM u")]
    [InlineData("CREATE TABLE \"my table\" ('a b' text, [c] \"INT\")", "CREATE TABLE \"my table\" (\"a b\" text, c INT)")]
    [InlineData("CREATE INDEX t1i1 ON t1(x)", "CREATE INDEX t1i1 ON t1 (x)")]
    [InlineData("CREATE UNIQUE INDEX IF NOT EXISTS i ON t (a COLLATE nocase DESC, b ASC) WHERE a > 0", "CREATE UNIQUE INDEX IF NOT EXISTS i ON t (a COLLATE nocase DESC, b ASC) WHERE (a > 0)")]
    [InlineData("CREATE INDEX i ON t (a + b)", "CREATE INDEX i ON t ((a + b))")]
    [InlineData("CREATE VIEW view1 AS SELECT x FROM t1 WHERE x>0", "CREATE VIEW view1 AS SELECT x FROM t1 WHERE (x > 0)")]
    [InlineData("CREATE TEMP VIEW IF NOT EXISTS v (a, b) AS SELECT 1, 2", "CREATE TEMP VIEW IF NOT EXISTS v (a, b) AS SELECT 1, 2")]
    [InlineData("ALTER TABLE t ADD COLUMN c INTEGER NOT NULL DEFAULT -1", "ALTER TABLE t ADD COLUMN c INTEGER NOT NULL DEFAULT -1")]
    [InlineData("alter table main.t add c", "ALTER TABLE main.t ADD COLUMN c")]
    [InlineData("DROP TABLE t1", "DROP TABLE t1")]
    [InlineData("DROP TABLE IF EXISTS main.t1", "DROP TABLE IF EXISTS main.t1")]
    [InlineData("DROP INDEX t1i1;", "DROP INDEX t1i1")]
    [InlineData("DROP VIEW IF EXISTS v", "DROP VIEW IF EXISTS v")]
    [InlineData("DROP TRIGGER t1r1", "DROP TRIGGER t1r1")]
    public void Schema_statements(string sql, string canonical)
    {
        Assert.Equal(canonical, SqlAssert.Canonical(sql));
    }

    [Fact]
    public void Create_table_fields()
    {
        const string sql = "CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, name VARCHAR(20) NOT NULL DEFAULT 'x', CHECK (id > 0))";
        var create = SqlAssert.Parse<CreateTableStatement>(sql + ";");
        Assert.Equal(sql, create.SourceText);
        Assert.Equal(["id", "name"], create.Columns.Select(c => c.Name).ToArray());
        Assert.Equal("INTEGER", create.Columns[0].Type!.Name);
        var pk = Assert.IsType<PrimaryKeyColumnConstraint>(Assert.Single(create.Columns[0].Constraints));
        Assert.True(pk.AutoIncrement);
        Assert.Equal(["20"], create.Columns[1].Type!.Arguments.ToArray());
        Assert.IsType<NotNullColumnConstraint>(create.Columns[1].Constraints[0]);
        Assert.Equal("x", Assert.IsType<StringLiteral>(Assert.IsType<DefaultColumnConstraint>(create.Columns[1].Constraints[1]).Value).Value);
        Assert.IsType<CheckTableConstraint>(Assert.Single(create.Constraints));
        Assert.Null(create.AsSelect);
    }

    [Fact]
    public void Negative_default_is_one_literal()
    {
        var create = SqlAssert.Parse<CreateTableStatement>("CREATE TABLE t (a DEFAULT -5, b DEFAULT -0x10)");
        Assert.Equal(-5, Assert.IsType<IntegerLiteral>(((DefaultColumnConstraint)create.Columns[0].Constraints[0]).Value).Value);
        Assert.Equal(-16, Assert.IsType<IntegerLiteral>(((DefaultColumnConstraint)create.Columns[1].Constraints[0]).Value).Value);
    }

    [Fact]
    public void Create_index_fields()
    {
        var create = SqlAssert.Parse<CreateIndexStatement>("CREATE UNIQUE INDEX i ON t (a COLLATE nocase DESC, b)");
        Assert.True(create.Unique);
        Assert.Equal("t", create.Table.Name);
        Assert.Equal("nocase", create.Columns[0].Collation);
        Assert.Equal(SortOrder.Descending, create.Columns[0].Order);
        Assert.Equal("a", Assert.IsType<ColumnReference>(create.Columns[0].Expression).Column);
        Assert.Equal("CREATE UNIQUE INDEX i ON t (a COLLATE nocase DESC, b)", create.SourceText);
    }

    [Theory]
    [InlineData("CREATE TRIGGER t1r1 UPDATE ON t1 BEGIN SELECT 1; END;", "CREATE TRIGGER t1r1 UPDATE ON t1 BEGIN SELECT 1; END")]
    [InlineData("CREATE TRIGGER t1r5 AFTER DELETE ON t1 BEGIN SELECT 1; END", "CREATE TRIGGER t1r5 AFTER DELETE ON t1 BEGIN SELECT 1; END")]
    [InlineData("CREATE TRIGGER r BEFORE INSERT ON t BEGIN SELECT 1; END", "CREATE TRIGGER r BEFORE INSERT ON t BEGIN SELECT 1; END")]
    [InlineData(
        "CREATE TEMP TRIGGER IF NOT EXISTS r INSTEAD OF UPDATE OF a, b ON v FOR EACH ROW WHEN new.a > 0 BEGIN INSERT INTO log VALUES (old.a, new.a); UPDATE t SET a = new.a WHERE id = old.id; DELETE FROM x; SELECT RAISE(ABORT, 'no'); END",
        "CREATE TEMP TRIGGER IF NOT EXISTS r INSTEAD OF UPDATE OF a, b ON v FOR EACH ROW WHEN (new.a > 0) BEGIN INSERT INTO log VALUES (old.a, new.a); UPDATE t SET a = new.a WHERE (id = old.id); DELETE FROM x; SELECT RAISE(ABORT, 'no'); END")]
    public void Create_trigger(string sql, string canonical)
    {
        Assert.Equal(canonical, SqlAssert.Canonical(sql));
    }

    [Fact]
    public void Create_trigger_fields()
    {
        const string sql = "CREATE TRIGGER r AFTER UPDATE OF a ON t WHEN new.a IS NULL BEGIN\n  DELETE FROM u;\n  SELECT 1;\nEND";
        var trigger = SqlAssert.Parse<CreateTriggerStatement>(sql);
        Assert.Equal(TriggerTiming.After, trigger.Timing);
        Assert.Equal(TriggerEvent.Update, trigger.Event);
        Assert.Equal("a", Assert.Single(trigger.UpdateColumns).Name);
        Assert.Equal("t", trigger.Table.Name);
        Assert.IsType<IsNullExpression>(trigger.When);
        Assert.Equal(2, trigger.Body.Length);
        Assert.IsType<DeleteStatement>(trigger.Body[0]);
        Assert.IsType<SelectStatement>(trigger.Body[1]);
        Assert.Equal(sql, trigger.SourceText);
    }

    [Theory]
    [InlineData("BEGIN", "BEGIN")]
    [InlineData("BEGIN TRANSACTION", "BEGIN")]
    [InlineData("BEGIN DEFERRED", "BEGIN DEFERRED")]
    [InlineData("begin immediate transaction", "BEGIN IMMEDIATE")]
    [InlineData("BEGIN EXCLUSIVE", "BEGIN EXCLUSIVE")]
    [InlineData("COMMIT", "COMMIT")]
    [InlineData("COMMIT TRANSACTION", "COMMIT")]
    [InlineData("END", "COMMIT")]
    [InlineData("END TRANSACTION", "COMMIT")]
    [InlineData("ROLLBACK", "ROLLBACK")]
    [InlineData("ROLLBACK TRANSACTION", "ROLLBACK")]
    [InlineData("EXPLAIN SELECT 1", "EXPLAIN SELECT 1")]
    [InlineData("EXPLAIN QUERY PLAN SELECT * FROM t WHERE a = 1", "EXPLAIN QUERY PLAN SELECT * FROM t WHERE (a = 1)")]
    [InlineData("EXPLAIN INSERT INTO t VALUES (1)", "EXPLAIN INSERT INTO t VALUES (1)")]
    [InlineData("ANALYZE", "ANALYZE")]
    [InlineData("ANALYZE main.t", "ANALYZE main.t")]
    [InlineData("REINDEX", "REINDEX")]
    [InlineData("REINDEX t1i1", "REINDEX t1i1")]
    [InlineData("PRAGMA foreign_keys", "PRAGMA foreign_keys")]
    [InlineData("PRAGMA foreign_keys = ON", "PRAGMA foreign_keys = 'ON'")]
    [InlineData("PRAGMA main.cache_size = -2000", "PRAGMA main.cache_size = -2000")]
    [InlineData("PRAGMA journal_mode = 'wal'", "PRAGMA journal_mode = 'wal'")]
    [InlineData("PRAGMA table_info(t1)", "PRAGMA table_info = 't1'")]
    [InlineData("PRAGMA synchronous = FULL", "PRAGMA synchronous = 'FULL'")]
    public void Transaction_and_utility_statements(string sql, string canonical)
    {
        Assert.Equal(canonical, SqlAssert.Canonical(sql));
    }

    [Fact]
    public void Begin_mode_and_explain_fields()
    {
        Assert.Equal(TransactionMode.Immediate, SqlAssert.Parse<BeginStatement>("BEGIN IMMEDIATE").Mode);
        var explain = SqlAssert.Parse<ExplainStatement>("EXPLAIN QUERY PLAN DELETE FROM t");
        Assert.True(explain.QueryPlan);
        Assert.IsType<DeleteStatement>(explain.Statement);
        var pragma = SqlAssert.Parse<PragmaStatement>("PRAGMA cache_size = -2000");
        Assert.Equal(-2000, Assert.IsType<IntegerLiteral>(pragma.Value).Value);
    }

    [Fact]
    public void Parse_all_splits_on_semicolons_and_skips_empty_statements()
    {
        var statements = SqlParser.ParseAll(";; CREATE TABLE t (a); INSERT INTO t VALUES (1);\n-- comment\n;SELECT a FROM t;;  ");
        Assert.Equal(3, statements.Length);
        Assert.IsType<CreateTableStatement>(statements[0]);
        Assert.IsType<InsertStatement>(statements[1]);
        Assert.IsType<SelectStatement>(statements[2]);
        Assert.Empty(SqlParser.ParseAll("  -- nothing\n ; /* at all */ "));
    }

    [Fact]
    public void Parse_statement_rejects_a_second_statement()
    {
        var ex = Assert.Throws<SharpCoreDBException>(() => SqlParser.ParseStatement("SELECT 1; SELECT 2"));
        Assert.Equal(SharpCoreDBErrorCode.SyntaxError, ex.ErrorCode);
        Assert.Equal(11, ex.Column);
        Assert.Equal(SqlParser.ParseStatement("SELECT 1;;").ToString(), SqlParser.ParseStatement("SELECT 1").ToString());
    }

    [Fact]
    public void Statement_positions_start_at_their_first_token()
    {
        var statements = SqlParser.ParseAll("SELECT 1;\n  DELETE FROM t");
        Assert.Equal(new SourcePosition(2, 3, 12), statements[1].Position);
    }

    [Fact]
    public void Misuse_of_the_api_throws_bcl_exceptions()
    {
        Assert.Throws<ArgumentNullException>(() => SqlParser.ParseStatement((string)null!));
        Assert.Throws<ArgumentNullException>(() => SqlParser.ParseAll((string)null!));
        Assert.Throws<ArgumentNullException>(() => SqlParser.ParseExpression(null!));
    }
}
