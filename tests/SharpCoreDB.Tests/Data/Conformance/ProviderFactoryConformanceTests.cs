using System.Data.Common;

namespace SharpCoreDB.Tests.Data.Conformance;

/// <summary>DbProviderFactory: what it creates, and registration with DbProviderFactories.</summary>
public sealed class ProviderFactoryConformanceTests : ConformanceTestBase
{
    [Theory, MemberData(nameof(Providers))]
    public void The_factory_creates_its_providers_objects(Provider provider)
    {
        DbProviderFactory factory = Factory(provider);
        Assert.NotNull(factory.CreateConnection());
        Assert.NotNull(factory.CreateCommand());
        Assert.NotNull(factory.CreateParameter());
        Assert.NotNull(factory.CreateConnectionStringBuilder());
        Assert.Same(factory, DbProviderFactories.GetFactory(factory.CreateConnection()!));
    }

    [Theory, MemberData(nameof(OursOnly))]
    public async Task Our_factory_also_creates_data_sources_batches_adapters_and_builders(Provider provider, bool async)
    {
        DbProviderFactory factory = Factory(provider);
        Assert.True(factory.CanCreateDataAdapter);
        Assert.True(factory.CanCreateCommandBuilder);
        Assert.True(factory.CanCreateBatch);
        Assert.IsType<SharpCoreDBDataAdapter>(factory.CreateDataAdapter());
        Assert.IsType<SharpCoreDBCommandBuilder>(factory.CreateCommandBuilder());
        Assert.IsType<SharpCoreDBBatch>(factory.CreateBatch());
        Assert.IsType<SharpCoreDBBatchCommand>(factory.CreateBatchCommand());
        await using DbDataSource source = factory.CreateDataSource(ConnectionString(provider));
        await using DbConnection connection = async ? await source.OpenConnectionAsync() : source.OpenConnection();
        using DbCommand command = Command(connection, "SELECT 3");
        Assert.Equal(3L, await Api.Scalar(command, async));
    }

    [Fact]
    public void The_factory_registers_under_its_invariant_name()
    {
        DbProviderFactories.RegisterFactory("SharpCoreDB.Conformance", SharpCoreDBFactory.Instance);
        Assert.Same(SharpCoreDBFactory.Instance, DbProviderFactories.GetFactory("SharpCoreDB.Conformance"));
        Assert.True(DbProviderFactories.UnregisterFactory("SharpCoreDB.Conformance"));
    }
}
