using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Binding;
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;
using SharpCoreDB.Tests.Data;

namespace SharpCoreDB.Tests.Functions;

/// <summary>Registration, removal, errors, sharing across connections and use in constraints, triggers and defaults.</summary>
public sealed class UserFunctionBehaviourTests
{
    [Fact]
    public void An_exception_in_a_function_surfaces_as_a_FunctionError_with_the_exception_inside()
    {
        using var connection = Open();
        var thrown = new InvalidOperationException("boom at 3");
        connection.CreateFunction("fail_at", (long x) => x == 3 ? throw thrown : x);

        var error = Assert.Throws<SharpCoreDBException>(() => Scalar(connection, Series(5) + "SELECT sum(fail_at(value)) FROM s"));
        Assert.Equal(SharpCoreDBErrorCode.FunctionError, error.ErrorCode);
        Assert.Equal("boom at 3", error.Message);
        Assert.Same(thrown, error.InnerException);
        Assert.Equal(2L, Scalar(connection, "SELECT fail_at(2)"));
    }

    [Fact]
    public void A_statement_whose_function_throws_is_undone_and_the_transaction_goes_on()
    {
        using var connection = Open();
        connection.CreateFunction("checked_double", (long x) => x == 3 ? throw new ArgumentException("no 3") : x * 2);
        Execute(connection, "CREATE TABLE t(x INTEGER); INSERT INTO t VALUES (1), (2), (3), (4)");

        Assert.Throws<SharpCoreDBException>(() => Execute(connection, "UPDATE t SET x = checked_double(x)"));
        Assert.Equal("1,2,3,4", Scalar(connection, "SELECT group_concat(x, ',' ORDER BY rowid) FROM t"));

        using (var transaction = connection.BeginTransaction())
        {
            Execute(connection, "INSERT INTO t VALUES (10)");
            Assert.Throws<SharpCoreDBException>(() => Execute(connection, "INSERT INTO t SELECT checked_double(x) FROM t"));
            Execute(connection, "INSERT INTO t VALUES (11)");
            transaction.Commit();
        }

        Assert.Equal("1,2,3,4,10,11", Scalar(connection, "SELECT group_concat(x, ',' ORDER BY rowid) FROM t"));
    }

    [Fact]
    public void An_exception_in_an_aggregate_step_or_result_surfaces_as_a_FunctionError()
    {
        using var connection = Open();
        connection.CreateAggregate("bad_step", 0L, (long acc, long x) => x == 2 ? throw new FormatException("step") : acc + x);
        connection.CreateAggregate("bad_result", 0L, (long acc, long x) => acc + x, acc => acc > 0 ? throw new FormatException("result") : acc);

        var step = Assert.Throws<SharpCoreDBException>(() => Scalar(connection, Series(3) + "SELECT bad_step(value) FROM s"));
        Assert.Equal(SharpCoreDBErrorCode.FunctionError, step.ErrorCode);
        Assert.IsType<FormatException>(step.InnerException);
        var result = Assert.Throws<SharpCoreDBException>(() => Scalar(connection, Series(3) + "SELECT bad_result(value) FROM s"));
        Assert.Equal("result", result.Message);
        Assert.Equal(0L, Scalar(connection, Series(3) + "SELECT bad_result(value) FROM s WHERE 0"));
    }

    [Fact]
    public void A_cached_statement_runs_the_current_function_after_it_is_replaced_or_removed()
    {
        using var connection = Open();
        connection.CreateFunction("version_of", (long x) => x + 100);
        using var command = connection.CreateCommand();
        command.CommandText = "SELECT version_of(1)";
        command.Prepare();
        Assert.Equal(101L, command.ExecuteScalar());

        connection.CreateFunction("version_of", (long x) => x + 200);
        Assert.Equal(201L, command.ExecuteScalar());
        Assert.Equal(201L, Scalar(connection, "SELECT version_of(1)"));

        connection.CreateFunction("version_of", (Func<long, long>?)null);
        var error = Assert.Throws<SharpCoreDBException>(() => command.ExecuteScalar());
        Assert.Contains("no such function: version_of", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Functions_are_shared_by_every_connection_to_the_database_and_kept_for_reopening()
    {
        using var temp = new TempDatabase();
        using var first = new SharpCoreDBConnection(temp.ConnectionString());

        // Registered before Open, as Microsoft.Data.Sqlite allows.
        first.CreateFunction("triple", (long x) => 3 * x, isDeterministic: true);
        first.Open();
        using var second = new SharpCoreDBConnection(temp.ConnectionString());
        second.Open();
        Assert.Equal(6L, Scalar(second, "SELECT triple(2)"));

        second.CreateFunction("triple", (Func<long, long>?)null);
        Assert.Throws<SharpCoreDBException>(() => Scalar(first, "SELECT triple(2)"));

        first.Close();
        first.Open();
        Assert.Equal(9L, Scalar(second, "SELECT triple(3)"));
    }

    [Fact]
    public void Functions_work_in_CHECK_constraints_triggers_and_DEFAULT_expressions()
    {
        using var connection = Open();
        connection.CreateFunction("is_even", (long x) => x % 2 == 0, isDeterministic: true);
        connection.CreateFunction("stamp", () => "stamped");
        connection.CreateFunction("label", (long x) => "row " + x);
        Execute(connection, "CREATE TABLE t(x INTEGER CHECK (is_even(x)), d TEXT DEFAULT (stamp()))");
        Execute(connection, "CREATE TABLE log(entry TEXT)");
        Execute(connection, "CREATE TRIGGER t_log AFTER INSERT ON t BEGIN INSERT INTO log VALUES (label(new.x)); END");

        Execute(connection, "INSERT INTO t(x) VALUES (4)");
        var error = Assert.Throws<SharpCoreDBException>(() => Execute(connection, "INSERT INTO t(x) VALUES (5)"));
        Assert.Equal(SharpCoreDBErrorCode.CheckViolation, error.ErrorCode);
        Assert.Equal("stamped", Scalar(connection, "SELECT d FROM t"));
        Assert.Equal("row 4", Scalar(connection, "SELECT group_concat(entry) FROM log"));
    }

    [Fact]
    public void A_CHECK_may_call_a_non_deterministic_function_as_in_SQLite_but_not_an_unknown_one()
    {
        using var oracle = new FunctionOracle();
        oracle.Register("CreateFunction", "positive", (Func<long, bool>)(x => x > 0), false);
        oracle.Execute("CREATE TABLE c(a CHECK (positive(a)))");
        oracle.Execute("INSERT INTO c VALUES (1)");
        oracle.AssertSame("SELECT a FROM c");
        Assert.Throws<SharpCoreDBException>(() => Execute(oracle.Ours, "INSERT INTO c VALUES (-1)"));
        Assert.Throws<Microsoft.Data.Sqlite.SqliteException>(() => Execute(oracle.Sqlite, "INSERT INTO c VALUES (-1)"));
        var unknown = Assert.Throws<SharpCoreDBException>(() => Execute(oracle.Ours, "CREATE TABLE d(a CHECK (nowhere(a)))"));
        Assert.Contains("no such function: nowhere", unknown.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Non_deterministic_calls_are_found_as_SQLite_finds_them_for_index_expressions_and_generated_columns()
    {
        var argument = new LiteralExpr(SqlValue.FromInt64(1));
        Expr Call(ScalarFunction function) => new FunctionExpr(function, [argument]);
        ScalarFunction deterministic = UserFunction.ForScalar("d", 1, args => args[0], deterministic: true).Scalar!;
        ScalarFunction nondeterministic = UserFunction.ForScalar("nd", 1, args => args[0], deterministic: false).Scalar!;

        Determinism.RequireDeterministic(Call(deterministic), Determinism.IndexExpressions);
        Determinism.RequireDeterministic(Call(ScalarFunctions.Resolve("abs", 1)), Determinism.IndexExpressions);
        Determinism.RequireDeterministic(Call(ScalarFunctions.Resolve("date", 1)), Determinism.GeneratedColumns);

        var error = Assert.Throws<SharpCoreDBException>(() =>
            Determinism.RequireDeterministic(new FunctionExpr(deterministic, [Call(nondeterministic)]), Determinism.IndexExpressions));
        Assert.Equal("non-deterministic functions prohibited in index expressions", error.Message);
        Assert.Throws<SharpCoreDBException>(() =>
            Determinism.RequireDeterministic(new FunctionExpr(ScalarFunctions.Resolve("random", 0), []), Determinism.PartialIndexWhere));
        Assert.Throws<SharpCoreDBException>(() =>
            Determinism.RequireDeterministic(new ConnectionCounterExpr(ConnectionCounterExpr.Counter.Changes), Determinism.GeneratedColumns));
    }

    [Fact]
    public void Deterministic_functions_serve_indexes_and_generated_columns_and_other_functions_are_refused_there_as_in_SQLite()
    {
        using var oracle = new FunctionOracle();
        oracle.Register("CreateFunction", "twice", (Func<long, long>)(x => 2 * x), true);
        oracle.Register("CreateFunction", "wobbly", (Func<long, long>)(x => x + 1), false);
        oracle.Execute("CREATE TABLE t(a INTEGER, b AS (twice(a)) STORED)");
        oracle.Execute("CREATE INDEX t_twice ON t(twice(a))");
        oracle.Execute("CREATE INDEX t_partial ON t(a) WHERE twice(a) > 4");
        oracle.Execute("INSERT INTO t(a) VALUES (1), (2), (3), (4)");
        oracle.AssertSame("SELECT a, b FROM t WHERE twice(a) = 6");
        oracle.AssertSame("SELECT a FROM t WHERE twice(a) > 4 AND a < 4 ORDER BY a");

        foreach (string refused in new[]
        {
            "CREATE INDEX t_wobbly ON t(wobbly(a))",
            "CREATE INDEX t_wobbly_where ON t(a) WHERE wobbly(a) > 1",
            "CREATE TABLE g(a INTEGER, b AS (wobbly(a)))",
        })
        {
            var ours = Assert.Throws<SharpCoreDBException>(() => Execute(oracle.Ours, refused));
            var theirs = Assert.Throws<Microsoft.Data.Sqlite.SqliteException>(() => Execute(oracle.Sqlite, refused));
            Assert.Contains("non-deterministic functions prohibited in", ours.Message, StringComparison.Ordinal);
            Assert.Contains("non-deterministic functions prohibited in", theirs.Message, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void Function_names_are_case_insensitive_and_a_wrong_argument_count_is_no_such_function()
    {
        using var connection = Open();
        connection.CreateFunction("MixedCase", (long x) => x + 1);
        Assert.Equal(2L, Scalar(connection, "SELECT mixedcase(1)"));
        Assert.Equal(3L, Scalar(connection, "SELECT MIXEDCASE(2)"));
        var error = Assert.Throws<SharpCoreDBException>(() => Scalar(connection, "SELECT mixedcase(1, 2)"));
        Assert.Contains("no such function: mixedcase", error.Message, StringComparison.Ordinal);
    }

    // The integers 1..count in column 'value' of the common table expression 's'.
    private static string Series(int count) =>
        $"WITH RECURSIVE s(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM s WHERE value < {count}) ";

    private static SharpCoreDBConnection Open()
    {
        var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        return connection;
    }

    private static object? Scalar(SharpCoreDBConnection connection, string sql)
    {
        using var command = connection.CreateCommand();
        command.CommandText = sql;
        return command.ExecuteScalar();
    }

    private static void Execute(System.Data.Common.DbConnection connection, string sql)
    {
        using var command = connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }
}
