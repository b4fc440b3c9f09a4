using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.Extensions.DependencyInjection;

namespace SharpCoreDB.EntityFrameworkCore.Infrastructure;

/// <summary>
/// The options of the SharpCoreDB provider inside <see cref="Microsoft.EntityFrameworkCore.DbContextOptions"/>: the
/// connection string or connection (from <see cref="RelationalOptionsExtension"/>) and the provider's services.
/// Applications set it through <c>UseSharpCoreDB</c>, not directly.
/// </summary>
public sealed class SharpCoreDBOptionsExtension : RelationalOptionsExtension
{
    private DbContextOptionsExtensionInfo? _info;

    /// <summary>Creates an empty extension (no connection yet).</summary>
    public SharpCoreDBOptionsExtension()
    {
    }

    private SharpCoreDBOptionsExtension(SharpCoreDBOptionsExtension copyFrom)
        : base(copyFrom)
    {
    }

    /// <inheritdoc />
    public override DbContextOptionsExtensionInfo Info => _info ??= new ExtensionInfo(this);

    /// <inheritdoc />
    protected override RelationalOptionsExtension Clone() => new SharpCoreDBOptionsExtension(this);

    /// <inheritdoc />
    public override void ApplyServices(IServiceCollection services) => services.AddEntityFrameworkSharpCoreDB();

    private sealed class ExtensionInfo(IDbContextOptionsExtension extension) : RelationalExtensionInfo(extension)
    {
        public override bool IsDatabaseProvider => true;

        public override bool ShouldUseSameServiceProvider(DbContextOptionsExtensionInfo other) => other is ExtensionInfo;

        public override void PopulateDebugInfo(IDictionary<string, string> debugInfo)
        {
            ArgumentNullException.ThrowIfNull(debugInfo);
            debugInfo["SharpCoreDB"] = "1";
        }
    }
}
