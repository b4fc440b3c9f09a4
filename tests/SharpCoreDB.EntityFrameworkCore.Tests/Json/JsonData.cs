namespace SharpCoreDB.EntityFrameworkCore.Tests.Json;

/// <summary>
/// Seeded shops: the same seed gives the same rows (explicit keys), so both providers hold equal data. Covers NULL JSON
/// columns, empty arrays, text that JSON must escape (quotes, backslashes, control characters, non-ASCII), decimals,
/// dates, negative numbers and duplicates inside arrays.
/// </summary>
internal static class JsonData
{
    public const int Seed = 2424;

    private static readonly string[] s_words =
        ["cosy", "Vegan", "café", "late \"night\"", "back\\slash", "tab\there", "Ünïcode ✓", "", "cheap", "Cheap", "a,b", "[x]"];

    private static readonly string[] s_cities = ["Oslo", "Paris", "São Paulo", "Tokyo", "Berlin"];

    public static List<Shop> Shops(int seed = Seed)
    {
        var random = new Random(seed);
        var shops = new List<Shop>();
        for (int i = 1; i <= 30; i++)
        {
            var shop = new Shop
            {
                Id = i,
                Name = "Shop " + i,
                Location = new Location
                {
                    Latitude = Math.Round(random.NextDouble() * 180 - 90, 4),
                    Longitude = Math.Round(random.NextDouble() * 360 - 180, 3),
                    Label = i % 4 == 0 ? null : s_cities[random.Next(s_cities.Length)] + " " + i,
                },
            };
            int tagCount = i % 6 == 0 ? 0 : random.Next(1, 5);
            for (int t = 0; t < tagCount; t++)
            {
                shop.Tags.Add(s_words[random.Next(s_words.Length)]);
            }

            int scoreCount = i % 7 == 0 ? 0 : random.Next(1, 6);
            shop.Scores = new int[scoreCount];
            for (int s = 0; s < scoreCount; s++)
            {
                shop.Scores[s] = random.Next(-5, 11);
            }

            for (int h = 0, n = random.Next(0, 3); h < n; h++)
            {
                shop.Holidays.Add(new DateOnly(2024, 1 + random.Next(12), 1 + random.Next(28)));
            }

            if (i % 5 != 0)
            {
                shop.Profile = new ShopProfile
                {
                    Owner = "Owner " + (char)('A' + random.Next(26)),
                    Rating = random.Next(1, 6),
                    Verified = random.Next(2) == 0,
                    Budget = i % 3 == 0 ? null : Math.Round((decimal)(random.NextDouble() * 10000), random.Next(0, 3)),
                    Contact = new Contact
                    {
                        Email = i % 4 == 1 ? null : "shop" + i + "@example.org",
                        City = s_cities[random.Next(s_cities.Length)],
                    },
                };
                for (int a = 0, n = random.Next(0, 3); a < n; a++)
                {
                    shop.Profile.Aliases.Add(s_words[random.Next(s_words.Length)]);
                }
            }

            for (int r = 0, n = i % 8 == 0 ? 0 : random.Next(1, 4); r < n; r++)
            {
                shop.Reviews.Add(new Review
                {
                    Author = "Author " + random.Next(10),
                    Stars = random.Next(1, 6),
                    At = new DateTime(2024, 1 + random.Next(12), 1 + random.Next(28), random.Next(24), random.Next(60), random.Next(60)),
                });
            }

            shops.Add(shop);
        }

        return shops;
    }

    public static void Seed_(JsonContext context, int seed = Seed)
    {
        context.Shops.AddRange(Shops(seed));
        context.SaveChanges();
    }
}
