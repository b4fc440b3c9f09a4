using System.Data.Common;
using Microsoft.EntityFrameworkCore.Diagnostics;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Migrations;

/// <summary>Counts EF's attempts to take the migration lock (its <c>INSERT OR IGNORE</c> into the lock table).</summary>
internal sealed class LockAttemptCounter : DbCommandInterceptor
{
    private readonly SemaphoreSlim _attempts = new(0);

    public override InterceptionResult<object> ScalarExecuting(DbCommand command, CommandEventData eventData, InterceptionResult<object> result)
    {
        Count(command);
        return result;
    }

    public override ValueTask<InterceptionResult<object>> ScalarExecutingAsync(
        DbCommand command, CommandEventData eventData, InterceptionResult<object> result, CancellationToken cancellationToken = default)
    {
        Count(command);
        return ValueTask.FromResult(result);
    }

    private void Count(DbCommand command)
    {
        if (command.CommandText.Contains("INSERT OR IGNORE INTO \"__EFMigrationsLock\"", StringComparison.Ordinal))
        {
            _attempts.Release();
        }
    }

    /// <summary>Waits for <paramref name="count"/> attempts; the timeout only detects a hang.</summary>
    public async Task WaitForAttemptsAsync(int count)
    {
        for (int i = 0; i < count; i++)
        {
            Assert.True(await _attempts.WaitAsync(TimeSpan.FromSeconds(60)), "EF never tried to take the migration lock");
        }
    }
}
