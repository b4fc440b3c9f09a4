namespace SharpCoreDB.Tests.Data;

/// <summary>
/// A command executed again binds its placeholders to the parameters the last binding found, without looking them up
/// by name, until the statement or the collection changes: a parameter renamed, added, removed or replaced is bound as
/// a fresh lookup would bind it.
/// </summary>
public sealed class ParameterBindingReuseTests : IDisposable
{
    private readonly SharpCoreDBConnection _connection = new("Data Source=:memory:");

    public ParameterBindingReuseTests() => _connection.Open();

    public void Dispose() => _connection.Dispose();

    [Fact]
    public void A_reexecuted_command_looks_its_parameters_up_once()
    {
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT @a || @b";
        var a = command.Parameters.AddWithValue("@a", "x");
        command.Parameters.AddWithValue("@b", "y");
        for (int i = 0; i < 5; i++)
        {
            a.Value = i.ToString(System.Globalization.CultureInfo.InvariantCulture);
            Assert.Equal(i + "y", command.ExecuteScalar());
        }

        Assert.Equal(1, command.BindingLookups);
    }

    [Fact]
    public void A_renamed_parameter_binds_by_its_new_name()
    {
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT @a || @b";
        var first = command.Parameters.AddWithValue("@a", "1");
        var second = command.Parameters.AddWithValue("@b", "2");
        Assert.Equal("12", command.ExecuteScalar());

        first.ParameterName = "@b";
        second.ParameterName = "@a";
        Assert.Equal("21", command.ExecuteScalar());
        Assert.Equal(2, command.BindingLookups);

        // The first parameter of a name wins, as a lookup finds it.
        second.ParameterName = "@b";
        var error = Assert.Throws<SharpCoreDBException>(() => command.ExecuteScalar());
        Assert.Equal(SharpCoreDBErrorCode.MissingParameter, error.ErrorCode);

        // A failed binding leaves nothing behind: naming it back binds as before.
        second.ParameterName = "@a";
        Assert.Equal("21", command.ExecuteScalar());
    }

    [Fact]
    public void Added_removed_and_replaced_parameters_are_bound_afresh()
    {
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT ?2 || @a";
        command.Parameters.AddWithValue("@a", "a");
        command.Parameters.AddWithValue("@b", "b");
        Assert.Equal("ba", command.ExecuteScalar());

        // ?2 is the second parameter of the collection: an insertion in front moves it.
        command.Parameters.Insert(0, new SharpCoreDBParameter("@c", "c"));
        Assert.Equal("aa", command.ExecuteScalar());

        command.Parameters[1] = new SharpCoreDBParameter("@a", "A");
        Assert.Equal("AA", command.ExecuteScalar());

        command.Parameters.RemoveAt(1);
        var error = Assert.Throws<SharpCoreDBException>(() => command.ExecuteScalar());
        Assert.Equal(SharpCoreDBErrorCode.MissingParameter, error.ErrorCode);

        command.CommandText = "SELECT @b || ?1";
        Assert.Equal("bc", command.ExecuteScalar());
    }
}
