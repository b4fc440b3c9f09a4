using Microsoft.EntityFrameworkCore;

namespace SharpCoreDB.EntityFrameworkCore.NativeProbe;

/// <summary>The probe's context, on SharpCoreDB through <c>UseSharpCoreDB</c> only.</summary>
public sealed class ProbeContext(string connectionString) : DbContext
{
    public DbSet<Note> Notes => Set<Note>();

    protected override void OnConfiguring(DbContextOptionsBuilder optionsBuilder) => optionsBuilder.UseSharpCoreDB(connectionString);
}
