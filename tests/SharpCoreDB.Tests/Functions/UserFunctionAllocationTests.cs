using System.Data.Common;
using SharpCoreDB.Tests.Data;
using SharpCoreDB.Tests.Support;

namespace SharpCoreDB.Tests.Functions;

/// <summary>
/// A function registered from C# costs its call and nothing else per row: a <c>Func&lt;long, long&gt;</c> gets its
/// argument and gives its result without boxing, argument arrays or wrappers, and a <c>Func&lt;string, bool&gt;</c>
/// allocates only the string it is given (as in Microsoft.Data.Sqlite, a .NET string per call is the price of the
/// signature). The statements are the function benchmark's.
/// </summary>
[Collection(AllocationCollection.Name)]
public sealed class UserFunctionAllocationTests
{
    private const int Rows = 20_000;

    [Fact]
    public void A_long_function_over_every_row_allocates_nothing_per_row()
    {
        using var temp = new TempDatabase();
        using SharpCoreDBConnection connection = Open(temp);
        connection.CreateFunction("scaled", static (long v) => (v * 3) + 1, isDeterministic: true);
        using DbCommand sum = Prepare(connection, "SELECT sum(scaled(v)) FROM numbers");

        long expected = 0;
        for (long row = 1; row <= Rows; row++)
        {
            expected += (row * 7 * 3) + 1;
        }

        long perRow = BytesPerRow(sum, expected);
        Assert.True(perRow == 0, $"sum(scaled(v)) allocated {perRow} bytes per row.");
    }

    [Fact]
    public void A_string_function_in_where_allocates_only_the_string_per_row()
    {
        using var temp = new TempDatabase();
        using SharpCoreDBConnection connection = Open(temp);
        connection.CreateFunction("tagged", static (string name) => name.EndsWith('7'), isDeterministic: true);
        using DbCommand filter = Prepare(connection, "SELECT count(*) FROM numbers WHERE tagged(name)");

        // "item-1" … "item-20000": a string of 6 to 10 characters is 40 to 48 bytes on 64-bit .NET (header, length,
        // the characters and a terminating NUL, rounded up to 8).
        long perRow = BytesPerRow(filter, Rows / 10);
        Assert.True(perRow <= 48, $"WHERE tagged(name) allocated {perRow} bytes per row.");
    }

    private static SharpCoreDBConnection Open(TempDatabase temp)
    {
        var connection = new SharpCoreDBConnection(temp.ConnectionString());
        connection.Open();
        using (DbCommand create = connection.CreateCommand())
        {
            create.CommandText = "CREATE TABLE numbers (id INTEGER PRIMARY KEY, v INTEGER NOT NULL, name TEXT NOT NULL)";
            create.ExecuteNonQuery();
        }

        using DbTransaction transaction = connection.BeginTransaction();
        using DbCommand fill = connection.CreateCommand();
        fill.Transaction = transaction;
        fill.CommandText = "INSERT INTO numbers (id, v, name) VALUES (@id, @v, @name)";
        DbParameter id = Add(fill, "@id");
        DbParameter v = Add(fill, "@v");
        DbParameter name = Add(fill, "@name");
        for (long row = 1; row <= Rows; row++)
        {
            id.Value = row;
            v.Value = row * 7;
            name.Value = "item-" + row;
            fill.ExecuteNonQuery();
        }

        transaction.Commit();
        return connection;
    }

    private static DbParameter Add(DbCommand command, string name)
    {
        DbParameter parameter = command.CreateParameter();
        parameter.ParameterName = name;
        command.Parameters.Add(parameter);
        return parameter;
    }

    private static DbCommand Prepare(SharpCoreDBConnection connection, string sql)
    {
        DbCommand command = connection.CreateCommand();
        command.CommandText = sql;
        command.Prepare();
        return command;
    }

    // Whole-statement bytes over the rows, rounded down: the statement's fixed cost (reader, result, snapshot) is well
    // under a byte per row at 20,000 rows, so what remains is what each row costs.
    private static long BytesPerRow(DbCommand command, long expected)
    {
        // Warm up long enough for the JIT's optimized code (its first code boxes what the final code does not).
        for (int round = 0; round < 20; round++)
        {
            Assert.Equal(expected, (long)command.ExecuteScalar()!);
        }

        long before = GC.GetAllocatedBytesForCurrentThread();
        long result = (long)command.ExecuteScalar()!;
        long perRow = (GC.GetAllocatedBytesForCurrentThread() - before) / Rows;
        Assert.Equal(expected, result);
        return perRow;
    }
}
