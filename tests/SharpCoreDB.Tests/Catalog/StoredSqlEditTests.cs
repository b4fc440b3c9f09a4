using SharpCoreDB.Catalog;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Parsing;

namespace SharpCoreDB.Tests.Catalog;

/// <summary>
/// The stored-SQL editor of ALTER TABLE … RENAME on its own, without a database: the tokens it finds and the text it
/// leaves as written (comments, spacing, quoting of the untouched parts).
/// </summary>
public sealed class StoredSqlEditTests
{
    [Fact]
    public void Renaming_a_table_edits_only_its_name_and_the_foreign_keys_to_it()
    {
        const string sql = "CREATE TABLE \"kid\" ( -- children\n  id INTEGER PRIMARY KEY,\n  p INT REFERENCES parent(id),\n  q INT REFERENCES other(id),\n  FOREIGN KEY (p) REFERENCES parent (id))";
        var create = (CreateTableStatement)SqlParser.ParseStatement(sql);
        var edit = new StoredSqlEdit(sql);
        edit.AddForeignKeyReferences(create, "PARENT", column: null);

        Assert.Equal(
            "CREATE TABLE \"kid\" ( -- children\n  id INTEGER PRIMARY KEY,\n  p INT REFERENCES \"mom\"(id),\n  q INT REFERENCES other(id),\n  FOREIGN KEY (p) REFERENCES \"mom\" (id))",
            edit.Apply(_ => "\"mom\""));
    }

    [Fact]
    public void Renaming_a_column_keeps_each_reference_bare_or_quoted_as_written()
    {
        const string sql = "CREATE TABLE t(a INT, \"b\" INT CHECK (b > 0), c AS (t.b + a), UNIQUE (a, [b]))";
        var create = (CreateTableStatement)SqlParser.ParseStatement(sql);
        var edit = new StoredSqlEdit(sql);
        foreach (ColumnDefinition column in create.Columns)
        {
            if (column.Name == "b")
            {
                edit.AddName(column.Position.Offset);
            }
        }

        edit.AddColumnReferences(create, "t", "B");

        Assert.Equal(
            "CREATE TABLE t(a INT, \"n\" INT CHECK (n > 0), c AS (t.n + a), UNIQUE (a, \"n\"))",
            edit.Apply(first => first is '"' or '[' ? "\"n\"" : "n"));
    }

    [Fact]
    public void A_body_that_also_uses_the_name_as_an_alias_is_left_alone()
    {
        const string clear = "CREATE VIEW v AS SELECT old.x, y FROM old JOIN w ON old.x = w.x";
        const string aliased = "CREATE VIEW v AS SELECT old.x FROM w AS old";
        var clearEdit = new StoredSqlEdit(clear);
        clearEdit.AddTableReferences([((CreateViewStatement)SqlParser.ParseStatement(clear)).Query], "old");
        var aliasedEdit = new StoredSqlEdit(aliased);
        aliasedEdit.AddTableReferences([((CreateViewStatement)SqlParser.ParseStatement(aliased)).Query], "old");

        Assert.Equal("CREATE VIEW v AS SELECT \"new\".x, y FROM \"new\" JOIN w ON \"new\".x = w.x", clearEdit.Apply(_ => "\"new\""));
        Assert.True(aliasedEdit.IsEmpty);
        Assert.Equal(aliased, aliasedEdit.Apply(_ => "\"new\""));
    }

    [Fact]
    public void A_trigger_step_that_writes_the_column_is_edited()
    {
        const string sql = "CREATE TRIGGER tr AFTER DELETE ON s BEGIN INSERT INTO t(a, b) VALUES (1, 2) ON CONFLICT (b) DO UPDATE SET b = 3; UPDATE t SET b = 4; UPDATE u SET b = 5; END";
        var trigger = (CreateTriggerStatement)SqlParser.ParseStatement(sql);
        var edit = new StoredSqlEdit(sql);
        foreach (Statement step in trigger.Body)
        {
            edit.AddWrittenColumns(step, "T", "b");
        }

        Assert.Equal(
            "CREATE TRIGGER tr AFTER DELETE ON s BEGIN INSERT INTO t(a, z) VALUES (1, 2) ON CONFLICT (z) DO UPDATE SET z = 3; UPDATE t SET z = 4; UPDATE u SET b = 5; END",
            edit.Apply(_ => "z"));
    }
}
