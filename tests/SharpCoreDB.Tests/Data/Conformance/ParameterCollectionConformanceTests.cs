using System.Data.Common;

namespace SharpCoreDB.Tests.Data.Conformance;

/// <summary>DbParameterCollection: adding, finding, replacing and removing parameters by index and by name.</summary>
public sealed class ParameterCollectionConformanceTests : ConformanceTestBase
{
    private static DbParameter Make(Provider provider, string name, object? value)
    {
        DbParameter parameter = Factory(provider).CreateParameter()!;
        parameter.ParameterName = name;
        parameter.Value = value;
        return parameter;
    }

    [Theory, MemberData(nameof(Providers))]
    public void Add_Contains_IndexOf_and_the_indexers_agree(Provider provider)
    {
        using DbCommand command = Factory(provider).CreateCommand()!;
        DbParameterCollection parameters = command.Parameters;
        DbParameter a = Make(provider, "@a", 1);
        DbParameter b = Make(provider, "@b", 2);
        Assert.Equal(0, parameters.Add(a));
        Assert.Equal(1, parameters.Add(b));
        Assert.Equal(2, parameters.Count);
        Assert.True(parameters.Contains("@a"));
        Assert.True(parameters.Contains(b));
        Assert.False(parameters.Contains("@c"));
        Assert.Equal(1, parameters.IndexOf("@b"));
        Assert.Equal(0, parameters.IndexOf(a));
        Assert.Equal(-1, parameters.IndexOf("@c"));
        Assert.Same(a, parameters[0]);
        Assert.Same(b, parameters["@b"]);
        Assert.False(parameters.IsReadOnly);
        Assert.False(parameters.IsFixedSize);
    }

    [Theory, MemberData(nameof(Providers))]
    public void A_missing_name_throws_IndexOutOfRangeException(Provider provider)
    {
        using DbCommand command = Factory(provider).CreateCommand()!;
        command.Parameters.Add(Make(provider, "@a", 1));
        Assert.Throws<IndexOutOfRangeException>(() => command.Parameters["@missing"]);
        Assert.Throws<IndexOutOfRangeException>(() => command.Parameters.RemoveAt("@missing"));
        Assert.ThrowsAny<ArgumentOutOfRangeException>(() => command.Parameters[3]);
    }

    [Theory, MemberData(nameof(Providers))]
    public void Something_other_than_a_parameter_is_refused(Provider provider)
    {
        using DbCommand command = Factory(provider).CreateCommand()!;
        Assert.Throws<InvalidCastException>(() => command.Parameters.Add("not a parameter"));
        Assert.Empty(command.Parameters);
    }

    [Theory, MemberData(nameof(Providers))]
    public void Insert_Remove_RemoveAt_and_Clear_keep_the_order(Provider provider)
    {
        using DbCommand command = Factory(provider).CreateCommand()!;
        DbParameterCollection parameters = command.Parameters;
        DbParameter a = Make(provider, "@a", 1);
        DbParameter b = Make(provider, "@b", 2);
        DbParameter c = Make(provider, "@c", 3);
        parameters.AddRange(new[] { a, c });
        parameters.Insert(1, b);
        Assert.Equal(["@a", "@b", "@c"], parameters.Cast<DbParameter>().Select(p => p.ParameterName));
        parameters.Remove(b);
        parameters.RemoveAt("@a");
        Assert.Same(c, Assert.Single(parameters.Cast<DbParameter>()));
        parameters.RemoveAt(0);
        Assert.Empty(parameters);
        parameters.Add(a);
        parameters.Clear();
        Assert.Empty(parameters);
    }

    [Theory, MemberData(nameof(Providers))]
    public void Setting_by_name_replaces_the_parameter(Provider provider)
    {
        using DbCommand command = Factory(provider).CreateCommand()!;
        command.Parameters.Add(Make(provider, "@a", 1));
        DbParameter replacement = Make(provider, "@a", 2);
        command.Parameters["@a"] = replacement;
        Assert.Same(replacement, command.Parameters[0]);
        Assert.Single(command.Parameters);
    }

    [Theory, MemberData(nameof(Providers))]
    public void CopyTo_copies_in_order(Provider provider)
    {
        using DbCommand command = Factory(provider).CreateCommand()!;
        DbParameter a = Make(provider, "@a", 1);
        DbParameter b = Make(provider, "@b", 2);
        command.Parameters.Add(a);
        command.Parameters.Add(b);
        // Microsoft.Data.Sqlite copies only into an array of its own parameter type.
        Array copy = Array.CreateInstance(a.GetType(), 3);
        command.Parameters.CopyTo(copy, 1);
        Assert.Equal([null, a, b], copy.Cast<DbParameter?>());
    }
}
