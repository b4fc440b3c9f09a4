using System.Data;

namespace SharpCoreDB.Tests.Data;

/// <summary>
/// Using a command, reader or transaction after it, or its connection, was disposed or ended fails as in
/// Microsoft.Data.Sqlite: with <see cref="InvalidOperationException"/> (or <see cref="ObjectDisposedException"/>
/// naming the public type), never with engine internals (internal type names, B+tree cursor messages).
/// </summary>
public sealed class DisposedUseTests
{
    private static readonly string[] s_internalWords = ["B+tree", "BTree", "Session", "TransactionContext", "PageStore", "cursor", "Wal", "Pager"];

    public static TheoryData<string> Misuses() =>
    [
        "command after connection dispose",
        "command after connection close",
        "reader after connection dispose",
        "reader GetValue after connection dispose",
        "reader after connection close and reopen",
        "reader after command dispose",
        "reader after its transaction rolled back",
        "reader after its transaction disposed",
        "reader after its transaction committed",
        "transaction commit after connection dispose",
        "transaction rollback after connection dispose",
        "transaction save after connection dispose",
        "transaction commit after dispose",
        "begin transaction after connection dispose",
        "prepare after connection dispose",
        "prepared command after connection dispose",
        "reader NextResult after connection dispose",
        "reader GetSchemaTable after connection dispose",
        "reader of a second database after the first is disposed",
    ];

    [Theory]
    [MemberData(nameof(Misuses))]
    public void Misuse_after_dispose_fails_with_a_provider_error(string misuse)
    {
        using var file = new TempDatabase();
        var connection = new SharpCoreDBConnection(file.ConnectionString());
        try
        {
            connection.Open();
            ConnectionTests.Execute(connection, "CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)");
            ConnectionTests.Execute(connection, "INSERT INTO t(v) VALUES ('a'), ('b'), ('c')");
            Action act = Arrange(connection, misuse);
            Exception? error = Record.Exception(act);

            // A reader whose command was disposed or whose transaction committed may read on (its snapshot stays
            // valid); everything else has nothing left to work on and must fail.
            if (error is null && misuse is "reader after command dispose" or "reader after its transaction committed")
            {
                return;
            }

            Assert.NotNull(error);
            Assert.True(
                error is InvalidOperationException and not ObjectDisposedException
                    || (error is ObjectDisposedException disposed && disposed.ObjectName.StartsWith("SharpCoreDB", StringComparison.Ordinal)),
                $"{misuse}: {error.GetType().Name}: {error.Message}");
            foreach (string word in s_internalWords)
            {
                Assert.DoesNotContain(word, error.Message, StringComparison.Ordinal);
            }
        }
        finally
        {
            connection.Dispose();
        }
    }

    private static Action Arrange(SharpCoreDBConnection connection, string misuse)
    {
        SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = "SELECT v FROM t ORDER BY id";
        switch (misuse)
        {
            case "command after connection dispose":
                connection.Dispose();
                return () => command.ExecuteScalar();
            case "command after connection close":
                connection.Close();
                return () => command.ExecuteNonQuery();
            case "reader after connection dispose":
            {
                SharpCoreDBDataReader reader = command.ExecuteReader();
                Assert.True(reader.Read());
                connection.Dispose();
                return () => reader.Read();
            }

            case "reader GetValue after connection dispose":
            {
                SharpCoreDBDataReader reader = command.ExecuteReader();
                Assert.True(reader.Read());
                connection.Dispose();
                return () => reader.GetValue(0);
            }

            case "reader after connection close and reopen":
            {
                SharpCoreDBDataReader reader = command.ExecuteReader();
                Assert.True(reader.Read());
                connection.Close();
                connection.Open();
                ConnectionTests.Execute(connection, "INSERT INTO t(v) VALUES ('d')");
                return () => reader.Read();
            }

            case "reader after command dispose":
            {
                SharpCoreDBDataReader reader = command.ExecuteReader();
                Assert.True(reader.Read());
                command.Dispose();
                ConnectionTests.Execute(connection, "INSERT INTO t(v) VALUES ('d')");
                return () => reader.Read();
            }

            case "reader after its transaction rolled back":
            case "reader after its transaction disposed":
            case "reader after its transaction committed":
            {
                SharpCoreDBTransaction transaction = connection.BeginTransaction();
                command.Transaction = transaction;
                ConnectionTests.Execute(connection, "INSERT INTO t(v) SELECT v || 'x' FROM t");
                SharpCoreDBDataReader reader = command.ExecuteReader();
                Assert.True(reader.Read());
                return () =>
                {
                    // Ending the transaction under an open reader may itself be refused; either way, no internals.
                    if (misuse.EndsWith("rolled back", StringComparison.Ordinal))
                    {
                        transaction.Rollback();
                    }
                    else if (misuse.EndsWith("disposed", StringComparison.Ordinal))
                    {
                        transaction.Dispose();
                    }
                    else
                    {
                        transaction.Commit();
                    }

                    ConnectionTests.Execute(connection, "DELETE FROM t WHERE id > 1");
                    while (reader.Read())
                    {
                    }
                };
            }

            case "transaction commit after connection dispose":
            {
                SharpCoreDBTransaction transaction = connection.BeginTransaction();
                connection.Dispose();
                return transaction.Commit;
            }

            case "transaction rollback after connection dispose":
            {
                SharpCoreDBTransaction transaction = connection.BeginTransaction();
                connection.Dispose();
                return transaction.Rollback;
            }

            case "transaction save after connection dispose":
            {
                SharpCoreDBTransaction transaction = connection.BeginTransaction();
                connection.Dispose();
                return () => transaction.Save("s");
            }

            case "transaction commit after dispose":
            {
                SharpCoreDBTransaction transaction = connection.BeginTransaction();
                transaction.Dispose();
                return transaction.Commit;
            }

            case "begin transaction after connection dispose":
                connection.Dispose();
                return () => connection.BeginTransaction();
            case "prepare after connection dispose":
                connection.Dispose();
                return command.Prepare;
            case "prepared command after connection dispose":
                command.Prepare();
                connection.Dispose();
                return () => command.ExecuteReader();
            case "reader NextResult after connection dispose":
            {
                command.CommandText = "SELECT 1; SELECT v FROM t";
                SharpCoreDBDataReader reader = command.ExecuteReader();
                connection.Dispose();
                return () => reader.NextResult();
            }

            case "reader GetSchemaTable after connection dispose":
            {
                SharpCoreDBDataReader reader = command.ExecuteReader();
                connection.Dispose();
                return () => reader.GetSchemaTable();
            }

            case "reader of a second database after the first is disposed":
            {
                // The reader's database closes with its last connection; the other connection's writes go elsewhere.
                using var other = new TempDatabase();
                SharpCoreDBDataReader reader = command.ExecuteReader();
                Assert.True(reader.Read());
                connection.Dispose();
                connection.ConnectionString = other.ConnectionString();
                connection.Open();
                ConnectionTests.Execute(connection, "CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT); INSERT INTO t(v) VALUES ('z')");
                return () => reader.Read();
            }
            default:
                throw new ArgumentOutOfRangeException(nameof(misuse), misuse, null);
        }
    }
}
