using SharpCoreDB.Storage.Collections;

namespace SharpCoreDB.Storage.Tests.Collections;

/// <summary>A reused map or set is emptied without keeping a large use's room, unless it was about full.</summary>
public sealed class ReusedMapTests
{
    [Fact]
    public void A_set_that_held_little_of_a_large_room_is_shrunk()
    {
        var set = new HashSet<uint>();
        for (uint i = 0; i < 5_000; i++)
        {
            set.Add(i);
        }

        ReusedMap.Clear(set);
        Assert.True(set.Capacity >= 5_000, $"a set that was about full keeps its room for the next large use (capacity {set.Capacity})");

        set.Add(1);
        ReusedMap.Clear(set);
        Assert.Empty(set);
        Assert.True(set.Capacity <= 2 * ReusedMap.KeptCapacity, $"after one element the set still has room for {set.Capacity}");
    }

    [Fact]
    public void A_map_that_held_little_of_a_large_room_is_shrunk()
    {
        var map = new Dictionary<uint, int>();
        for (uint i = 0; i < 5_000; i++)
        {
            map[i] = 1;
        }

        ReusedMap.Clear(map);
        Assert.True(map.Capacity >= 5_000, $"a map that was about full keeps its room for the next large use (capacity {map.Capacity})");

        map[1] = 1;
        ReusedMap.Clear(map);
        Assert.Empty(map);
        Assert.True(map.Capacity <= 2 * ReusedMap.KeptCapacity, $"after one entry the map still has room for {map.Capacity}");
    }
}
