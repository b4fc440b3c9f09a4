using System.Data.Common;

namespace SharpCoreDB;

/// <summary>The commands of a <see cref="SharpCoreDBBatch"/>, run in this order.</summary>
public sealed class SharpCoreDBBatchCommandCollection : DbBatchCommandCollection
{
    private readonly List<SharpCoreDBBatchCommand> _commands = [];

    internal SharpCoreDBBatchCommandCollection()
    {
    }

    /// <inheritdoc />
    public override int Count => _commands.Count;

    /// <inheritdoc />
    public override bool IsReadOnly => false;

    /// <summary>The command at an index.</summary>
    /// <param name="index">The index.</param>
    public new SharpCoreDBBatchCommand this[int index]
    {
        get => _commands[index];
        set => _commands[index] = value ?? throw new ArgumentNullException(nameof(value));
    }

    /// <summary>Adds a command.</summary>
    /// <param name="item">The command.</param>
    public void Add(SharpCoreDBBatchCommand item) => _commands.Add(item ?? throw new ArgumentNullException(nameof(item)));

    /// <inheritdoc />
    public override void Add(DbBatchCommand item) => Add(Cast(item));

    /// <inheritdoc />
    public override void Clear() => _commands.Clear();

    /// <summary>True when the command is in the collection.</summary>
    /// <param name="item">The command.</param>
    /// <returns>True when found.</returns>
    public bool Contains(SharpCoreDBBatchCommand item) => _commands.Contains(item);

    /// <inheritdoc />
    public override bool Contains(DbBatchCommand item) => item is SharpCoreDBBatchCommand command && _commands.Contains(command);

    /// <summary>Copies the commands into an array.</summary>
    /// <param name="array">The array.</param>
    /// <param name="arrayIndex">Where to start in it.</param>
    public void CopyTo(SharpCoreDBBatchCommand[] array, int arrayIndex) => _commands.CopyTo(array, arrayIndex);

    /// <inheritdoc />
    public override void CopyTo(DbBatchCommand[] array, int arrayIndex)
    {
        ArgumentNullException.ThrowIfNull(array);
        for (int i = 0; i < _commands.Count; i++)
        {
            array[arrayIndex + i] = _commands[i];
        }
    }

    /// <inheritdoc />
    public override IEnumerator<DbBatchCommand> GetEnumerator() => _commands.GetEnumerator();

    /// <summary>The index of a command, or -1.</summary>
    /// <param name="item">The command.</param>
    /// <returns>The index.</returns>
    public int IndexOf(SharpCoreDBBatchCommand item) => _commands.IndexOf(item);

    /// <inheritdoc />
    public override int IndexOf(DbBatchCommand item) => item is SharpCoreDBBatchCommand command ? _commands.IndexOf(command) : -1;

    /// <summary>Inserts a command.</summary>
    /// <param name="index">Where.</param>
    /// <param name="item">The command.</param>
    public void Insert(int index, SharpCoreDBBatchCommand item) => _commands.Insert(index, item ?? throw new ArgumentNullException(nameof(item)));

    /// <inheritdoc />
    public override void Insert(int index, DbBatchCommand item) => Insert(index, Cast(item));

    /// <summary>Removes a command.</summary>
    /// <param name="item">The command.</param>
    /// <returns>True when it was in the collection.</returns>
    public bool Remove(SharpCoreDBBatchCommand item) => _commands.Remove(item);

    /// <inheritdoc />
    public override bool Remove(DbBatchCommand item) => item is SharpCoreDBBatchCommand command && _commands.Remove(command);

    /// <inheritdoc />
    public override void RemoveAt(int index) => _commands.RemoveAt(index);

    /// <inheritdoc />
    protected override DbBatchCommand GetBatchCommand(int index) => _commands[index];

    /// <inheritdoc />
    protected override void SetBatchCommand(int index, DbBatchCommand batchCommand) => _commands[index] = Cast(batchCommand);

    private static SharpCoreDBBatchCommand Cast(DbBatchCommand item) => item switch
    {
        null => throw new ArgumentNullException(nameof(item)),
        SharpCoreDBBatchCommand command => command,
        _ => throw new ArgumentException($"A SharpCoreDBBatch needs SharpCoreDBBatchCommand objects, not {item.GetType().Name}.", nameof(item)),
    };
}
