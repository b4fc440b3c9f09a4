using System.Text;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;
using SharpCoreDB.EntityFrameworkCore.Tests.Migrations.App;
using SharpCoreDB.EntityFrameworkCore.Tests.Support;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Migrations;

/// <summary>
/// The migrations of <see cref="BlogContext"/> run on EF's SQLite provider (the oracle) and on ours; after every step
/// up and down the two databases must have the same schema (PRAGMA table_info, index_list, foreign_key_list) and rows.
/// </summary>
public sealed class MigrationTests
{
    private const string Initial = "20260101000001_Initial";
    private const string AddAuthors = "20260101000002_AddAuthors";
    private const string Reshape = "20260101000003_Reshape";

    private static BlogContext Ours(string connectionString, params Microsoft.EntityFrameworkCore.Diagnostics.IInterceptor[] interceptors) =>
        new(new DbContextOptionsBuilder<BlogContext>().UseSharpCoreDB(connectionString).AddInterceptors(interceptors).Options);

    private static BlogContext Sqlite(string path) =>
        new(new DbContextOptionsBuilder<BlogContext>().UseSqlite($"Data Source={path}").Options);

    [Fact]
    public void Migrating_up_step_by_step_and_all_the_way_down_matches_the_SQLite_provider_and_keeps_the_data()
    {
        using var directory = Providers.NewDirectory();
        using var ours = Ours($"Data Source={directory.File("ours.scdb")}");
        using var sqlite = Sqlite(directory.File("oracle.db"));
        (string Target, string? Sql)[] steps =
        [
            (Initial, "INSERT INTO \"Blogs\" (\"Name\", \"Rating\", \"Url\", \"Obsolete\") VALUES ('a', 3, 'http://a', 'x'), ('b', 5, NULL, NULL);"
                + "INSERT INTO \"Posts\" (\"BlogId\", \"Title\", \"Content\") VALUES (1, 'p1', 'c1'), (1, 'p2', NULL), (2, 'p3', 'c3');"),
            (AddAuthors, "INSERT INTO \"Authors\" (\"Name\") VALUES ('w1'); UPDATE \"Posts\" SET \"AuthorId\" = 1 WHERE \"Id\" <= 2;"
                + "UPDATE \"Blogs\" SET \"Price\" = 12 WHERE \"Id\" = 1;"),
            (Reshape, "INSERT INTO \"Writers\" (\"Name\") VALUES ('w2'); INSERT INTO \"Blogs\" (\"Name\", \"Rating\") VALUES ('c', 4.5);"
                + "UPDATE \"Posts\" SET \"AuthorId\" = 2 WHERE \"Id\" = 3;"),
            (AddAuthors, "DELETE FROM \"Authors\" WHERE \"Id\" = 1;"),
            (Initial, null),
            (Migration.InitialDatabase, null),
        ];
        foreach (var (target, sql) in steps)
        {
            foreach (var context in new[] { sqlite, ours })
            {
                context.GetService<IMigrator>().Migrate(target);
                if (sql is not null)
                {
                    context.Database.ExecuteSqlRaw(sql);
                }
            }

            Assert.Equal(Dump(sqlite), Dump(ours));
        }

        // All the way down leaves the history table (empty) and the lock table, as on SQLite.
        Assert.Empty(ours.Database.GetAppliedMigrations());
    }

    [Fact]
    public void Pending_and_applied_migrations_and_the_model_snapshot_are_read_as_by_the_SQLite_provider()
    {
        using var directory = Providers.NewDirectory();
        using var ours = Ours($"Data Source={directory.File("ours.scdb")}");
        using var sqlite = Sqlite(directory.File("oracle.db"));
        Assert.Equal([Initial, AddAuthors, Reshape], ours.Database.GetPendingMigrations());
        Assert.False(ours.Database.HasPendingModelChanges());
        foreach (var context in new[] { sqlite, ours })
        {
            context.GetService<IMigrator>().Migrate(AddAuthors);
        }

        Assert.Equal(sqlite.Database.GetAppliedMigrations(), ours.Database.GetAppliedMigrations());
        Assert.Equal([Reshape], ours.Database.GetPendingMigrations());
        ours.Database.Migrate();
        Assert.Empty(ours.Database.GetPendingMigrations());
        ours.Blogs.Add(new Blog { Name = "after", Posts = { new Post { Title = "t", Author = new Writer { Name = "w" } } } });
        ours.SaveChanges();
        Assert.Equal("w", ours.Posts.Select(p => p.Author!.Name).Single());
    }

    [Fact]
    public void A_migration_script_is_the_SQLite_providers_and_applying_it_gives_the_migrated_schema_while_idempotent_scripts_are_refused_as_there()
    {
        using var directory = Providers.NewDirectory();
        using var ours = Ours($"Data Source={directory.File("ours.scdb")}");
        using var sqlite = Sqlite(directory.File("oracle.db"));
        string script = ours.GetService<IMigrator>().GenerateScript();
        Assert.Equal(sqlite.GetService<IMigrator>().GenerateScript(), script);
        var sqliteRefusal = Assert.Throws<NotSupportedException>(() => sqlite.GetService<IMigrator>().GenerateScript(options: MigrationsSqlGenerationOptions.Idempotent));
        var ourRefusal = Assert.Throws<NotSupportedException>(() => ours.GetService<IMigrator>().GenerateScript(options: MigrationsSqlGenerationOptions.Idempotent));
        Assert.Equal(sqliteRefusal.Message, ourRefusal.Message);

        // The script has no migration lock (EF takes that only as it migrates a database itself).
        ours.Database.ExecuteSqlRaw(script);
        sqlite.Database.ExecuteSqlRaw(script);
        Assert.Equal(Dump(sqlite), Dump(ours));
        Assert.Empty(ours.Database.GetPendingMigrations());
        Assert.False(ours.Database.HasPendingModelChanges());
    }

    [Fact]
    public async Task Migrate_waits_while_another_process_holds_the_migration_lock_and_goes_on_when_it_is_released()
    {
        using var directory = Providers.NewDirectory();
        string connectionString = $"Data Source={directory.File("locked.scdb")}";
        using (var first = Ours(connectionString))
        {
            first.GetService<IMigrator>().Migrate(Initial);
        }

        // The lock is the row EF inserts into __EFMigrationsLock; another migrating process would hold it like this.
        await using var other = new SharpCoreDBConnection(connectionString);
        other.Open();
        Execute(other, "INSERT INTO \"__EFMigrationsLock\" (\"Id\", \"Timestamp\") VALUES (1, '2026-01-01 00:00:00+00:00')");
        var attempts = new LockAttemptCounter();
        await using var waiting = Ours(connectionString, attempts);
        var migrate = Task.Run(() => waiting.Database.MigrateAsync());
        var waited = attempts.WaitForAttemptsAsync(2);
        await Task.WhenAny(migrate, waited);
        if (migrate.IsCompleted)
        {
            await migrate; // surfaces why it stopped
        }

        await waited;
        Assert.False(migrate.IsCompleted);
        Assert.Equal(1L, Execute(other, "SELECT COUNT(*) FROM \"__EFMigrationsHistory\""));

        Execute(other, "DELETE FROM \"__EFMigrationsLock\"");
        await migrate.WaitAsync(TimeSpan.FromSeconds(120));
        Assert.Equal(3L, Execute(other, "SELECT COUNT(*) FROM \"__EFMigrationsHistory\""));
        Assert.Equal(0L, Execute(other, "SELECT COUNT(*) FROM \"__EFMigrationsLock\""));
    }

    [Fact]
    public async Task MigrateAsync_creates_an_encrypted_database_that_needs_its_password()
    {
        using var directory = Providers.NewDirectory();
        string path = directory.File("secret.scdb");
        await using (var context = Ours($"Data Source={path};Password=correct horse"))
        {
            await context.Database.MigrateAsync();
            context.Blogs.Add(new Blog { Name = "PlaintextMarkerXYZ" });
            await context.SaveChangesAsync();
        }

        SharpCoreDBConnection.ClearAllPools();
        foreach (var file in new[] { path, path + "-wal" }.Where(File.Exists))
        {
            string bytes = Encoding.UTF8.GetString(await File.ReadAllBytesAsync(file));
            Assert.DoesNotContain("PlaintextMarkerXYZ", bytes, StringComparison.Ordinal);
            Assert.DoesNotContain("__EFMigrationsHistory", bytes, StringComparison.Ordinal);
        }

        await using (var context = Ours($"Data Source={path};Password=wrong"))
        {
            await Assert.ThrowsAnyAsync<SharpCoreDBException>(() => context.Database.GetAppliedMigrationsAsync());
        }

        await using (var context = Ours($"Data Source={path};Password=correct horse"))
        {
            Assert.Equal([Initial, AddAuthors, Reshape], await context.Database.GetAppliedMigrationsAsync());
            Assert.Empty(await context.Database.GetPendingMigrationsAsync());
            Assert.Equal("PlaintextMarkerXYZ", (await context.Blogs.SingleAsync()).Name);
        }
    }

    private static string Dump(DbContext context)
    {
        context.Database.OpenConnection();
        try
        {
            return SchemaDump.Of(context.Database.GetDbConnection());
        }
        finally
        {
            context.Database.CloseConnection();
        }
    }

    private static object? Execute(SharpCoreDBConnection connection, string sql)
    {
        using var command = connection.CreateCommand();
        command.CommandText = sql;
        return command.ExecuteScalar();
    }
}
