using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Infrastructure;

namespace SharpCoreDB.EntityFrameworkCore.Infrastructure;

/// <summary>
/// SharpCoreDB-specific configuration of a <see cref="DbContext"/>, given to the action of
/// <c>UseSharpCoreDB(...)</c>. The relational options (command timeout, batch size, query splitting, migrations
/// assembly, …) come from <see cref="RelationalDbContextOptionsBuilder{TBuilder, TExtension}"/>; the database's own
/// settings (password, durability, pooling, foreign keys) are connection string keywords.
/// </summary>
public sealed class SharpCoreDBDbContextOptionsBuilder
    : RelationalDbContextOptionsBuilder<SharpCoreDBDbContextOptionsBuilder, SharpCoreDBOptionsExtension>
{
    /// <summary>Wraps the options builder of the context being configured.</summary>
    /// <param name="optionsBuilder">The options builder.</param>
    public SharpCoreDBDbContextOptionsBuilder(DbContextOptionsBuilder optionsBuilder)
        : base(optionsBuilder)
    {
    }
}
