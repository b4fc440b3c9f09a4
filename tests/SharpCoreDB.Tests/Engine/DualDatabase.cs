using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Tests.Engine;

/// <summary>An in-memory SQLite database and an engine database side by side, for tests that run the same SQL on both.</summary>
internal sealed class DualDatabase : IDisposable
{
    /// <summary>Opens both and runs <paramref name="setup"/> on each.</summary>
    /// <param name="setup">Statements to run first, or null.</param>
    public DualDatabase(string? setup = null)
    {
        Sqlite.Open();
        if (setup is not null)
        {
            Execute(setup);
        }
    }

    /// <summary>The SQLite side.</summary>
    public SqliteConnection Sqlite { get; } = new("Data Source=:memory:");

    /// <summary>The engine side.</summary>
    public EngineHarness Engine { get; } = new();

    /// <summary>Runs statements on both; either failing fails the test.</summary>
    public void Execute(string sql)
    {
        ExecuteSqlite(sql);
        Engine.Execute(sql);
    }

    /// <summary>Runs statements on SQLite only.</summary>
    public void ExecuteSqlite(string sql)
    {
        using SqliteCommand command = Sqlite.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }

    /// <summary>Asserts both give the same rows (with storage classes), or both fail.</summary>
    public void AssertSame(string sql) =>
        Assert.Equal(DifferentialTests.SqliteRows(Sqlite, sql, 0), DifferentialTests.EngineRows(Engine, sql, 0));

    /// <summary>The SQL text SQLite stores for a schema object (sqlite_master.sql).</summary>
    /// <summary>
    /// Runs a statement on both databases, which must both succeed or both fail (messages may differ).
    /// </summary>
    /// <param name="sql">The statement.</param>
    /// <param name="context">What the failure message adds (the seed, the step).</param>
    /// <returns>True when both failed.</returns>
    public bool RunBoth(string sql, string context)
    {
        string? expected = null;
        try
        {
            ExecuteSqlite(sql);
        }
        catch (SqliteException e)
        {
            expected = e.Message;
        }

        string? actual = null;
        try
        {
            Engine.Execute(sql);
        }
        catch (SharpCoreDBException e)
        {
            actual = e.Message;
        }

        Assert.True((expected is null) == (actual is null), $"SQLite: {expected ?? "ok"}; engine: {actual ?? "ok"}; {context}");
        return expected is not null;
    }

    public string SqliteDefinition(string type, string name)
    {
        using SqliteCommand command = Sqlite.CreateCommand();
        command.CommandText = "SELECT sql FROM sqlite_master WHERE type = $type AND name = $name";
        command.Parameters.AddWithValue("$type", type);
        command.Parameters.AddWithValue("$name", name);
        return (string)command.ExecuteScalar()!;
    }

    public void Dispose()
    {
        Engine.Dispose();
        Sqlite.Dispose();
    }
}
