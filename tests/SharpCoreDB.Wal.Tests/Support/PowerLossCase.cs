using SharpCoreDB.Storage.Tests.Faults;

namespace SharpCoreDB.Wal.Tests.Support;

/// <summary>What one simulated power cut put at stake, so a test can show its cuts cover every case it claims to.</summary>
/// <param name="Unflushed">Some write or resize had not been flushed at the cut.</param>
/// <param name="Torn">A write was torn (or its range garbled).</param>
/// <param name="Reordered">A write survived (whole or torn) although an earlier one of the same flush did not survive whole.</param>
/// <param name="MidGroup">Two or more commits had been handed to the log and were not durable yet.</param>
internal readonly record struct PowerLossCase(bool Unflushed, bool Torn, bool Reordered, bool MidGroup)
{
    public static PowerLossCase Of(IReadOnlyList<PowerLossDecision> decisions, ulong notDurable)
    {
        bool torn = false;
        bool reordered = false;
        bool lostEarlier = false;
        foreach (PowerLossDecision decision in decisions)
        {
            torn |= decision.Outcome is PowerLossOutcome.Torn or PowerLossOutcome.Garbled;
            if (decision.Outcome is PowerLossOutcome.Kept or PowerLossOutcome.Torn)
            {
                reordered |= lostEarlier;
            }

            lostEarlier |= decision.Outcome != PowerLossOutcome.Kept;
        }

        return new PowerLossCase(decisions.Count > 0, torn, reordered, notDurable >= 2);
    }
}
