import type { BrandModels } from './car-collection.types';

// Russian (and Soviet-era CIS) brands and American brands. Same class rules as the European file; the
// Niva is a wash category 5 car (S1 §9 examples), the ГАЗель category 6.
export const russianBrands: BrandModels = {
  Lada: [
    ['hatchback', 'Mini', '1111 Ока'],
    ['sedan', 'Compact', 'Granta, Vesta, Vesta Cross, Priora, 2115 Samara, 2110, 2107, 2106, 2105'],
    ['liftback', 'Compact', 'Granta Liftback'],
    ['hatchback', 'Compact', 'Granta Hatchback, Kalina, XRAY, XRAY Cross, 2114 Samara, 2112, 2109'],
    ['wagon', 'Compact', 'Granta Cross, Kalina Cross, Vesta SW, Vesta SW Cross, 2104'],
    ['wagon', 'MiddleSize', 'Largus, Largus Cross'],
    ['sedan', 'MiddleSize', 'Aura'],
    ['suv', 'OffRoad', 'Niva Legend, Niva Travel, 2121 (4x4)'],
  ],
  UAZ: [
    ['suv', 'OffRoad', 'Patriot, Hunter, 469'],
    ['pickup', 'OffRoad', 'Pickup, Cargo, Profi'],
    ['microbus', 'MicroBus', 'Буханка'],
  ],
  GAZ: [
    ['sedan', 'MiddleSize', 'Волга 31105, Волга 3110, Волга 24, Волга Siber'],
    ['microbus', 'MicroBus', 'ГАЗель Next, ГАЗель Бизнес, ГАЗель NN, Соболь, Соболь NN, Соболь Бизнес'],
  ],
  Moskvich: [
    ['hatchback', 'Compact', '2141'],
    ['sedan', 'Compact', '412'],
    ['liftback', 'MiddleSize', '6'],
    ['crossover', 'Crossover', '3, 3e'],
  ],
  Solaris: [
    ['sedan', 'Compact', 'HS, KRS'],
    ['hatchback', 'Compact', 'KRX'],
    ['crossover', 'Crossover', 'HC'],
  ],
  Evolute: [
    ['sedan', 'MiddleSize', 'i-Pro'],
    ['crossover', 'Crossover', 'i-Joy, i-Sky'],
  ],
  Sollers: [
    ['pickup', 'OffRoad', 'ST6'],
    ['microbus', 'MicroBus', 'Atlant'],
  ],
  TagAZ: [
    ['sedan', 'Compact', 'Vega, C10, Aquila'],
    ['suv', 'OffRoad', 'Tager, Road Partner'],
  ],
  Datsun: [
    ['sedan', 'Compact', 'on-DO'],
    ['hatchback', 'Compact', 'mi-DO'],
  ],
  ZAZ: [
    ['sedan', 'Compact', 'Chance, Sens, Vida'],
    ['liftback', 'Compact', 'Forza'],
  ],
};

export const americanBrands: BrandModels = {
  Chevrolet: [
    ['hatchback', 'Mini', 'Spark'],
    ['sedan', 'Compact', 'Aveo, Cobalt, Lacetti, Lanos, Nexia, Onix'],
    ['sedan', 'MiddleSize', 'Cruze, Malibu, Epica, Monza'],
    ['coupe', 'MiddleSize', 'Camaro'],
    ['minivan', 'Crossover', 'Orlando'],
    ['crossover', 'Crossover', 'Captiva, Equinox, Tracker, Trax'],
    ['crossover', 'OffRoad', 'Traverse'],
    ['suv', 'OffRoad', 'Niva, Trailblazer, Tahoe'],
    ['pickup', 'OffRoad', 'Silverado'],
    ['microbus', 'MicroBus', 'Express'],
  ],
  Ford: [
    ['hatchback', 'Compact', 'Fiesta, Focus, Fusion'],
    ['sedan', 'MiddleSize', 'Focus Sedan, Mondeo'],
    ['wagon', 'MiddleSize', 'Focus Wagon'],
    ['coupe', 'MiddleSize', 'Mustang'],
    ['minivan', 'Compact', 'C-Max'],
    ['minivan', 'Crossover', 'S-Max, Galaxy, Tourneo Connect'],
    ['crossover', 'Crossover', 'EcoSport, Kuga, Escape'],
    ['crossover', 'OffRoad', 'Edge'],
    ['suv', 'OffRoad', 'Explorer, Expedition, Bronco'],
    ['pickup', 'OffRoad', 'Ranger, F-150'],
    ['microbus', 'MicroBus', 'Transit, Tourneo Custom'],
  ],
  Jeep: [
    ['crossover', 'Crossover', 'Compass, Renegade, Cherokee'],
    ['suv', 'OffRoad', 'Grand Cherokee, Wrangler, Commander, Liberty'],
    ['pickup', 'OffRoad', 'Gladiator'],
  ],
  Cadillac: [
    ['sedan', 'MiddleSize', 'ATS, CTS, CT6'],
    ['crossover', 'Crossover', 'XT4, XT5, SRX'],
    ['crossover', 'OffRoad', 'XT6'],
    ['suv', 'OffRoad', 'Escalade'],
  ],
  Lincoln: [
    ['sedan', 'MiddleSize', 'MKZ, Continental'],
    ['crossover', 'Crossover', 'MKX, Nautilus, Corsair'],
    ['crossover', 'OffRoad', 'Aviator'],
    ['suv', 'OffRoad', 'Navigator'],
  ],
  GMC: [
    ['crossover', 'Crossover', 'Terrain'],
    ['suv', 'OffRoad', 'Yukon'],
    ['pickup', 'OffRoad', 'Sierra'],
  ],
  Hummer: [['suv', 'OffRoad', 'H2, H3']],
  Dodge: [
    ['hatchback', 'Compact', 'Caliber'],
    ['sedan', 'MiddleSize', 'Charger, Avenger, Stratus'],
    ['coupe', 'MiddleSize', 'Challenger'],
    ['crossover', 'Crossover', 'Journey'],
    ['suv', 'OffRoad', 'Durango, Nitro'],
    ['pickup', 'OffRoad', 'Ram'],
    ['minivan', 'MicroBus', 'Caravan'],
  ],
  Chrysler: [
    ['hatchback', 'Compact', 'PT Cruiser'],
    ['sedan', 'MiddleSize', '300C, Sebring'],
    ['minivan', 'MicroBus', 'Pacifica, Voyager, Grand Voyager'],
  ],
  Tesla: [
    ['sedan', 'MiddleSize', 'Model 3'],
    ['liftback', 'MiddleSize', 'Model S'],
    ['crossover', 'Crossover', 'Model Y'],
    ['crossover', 'OffRoad', 'Model X'],
    ['pickup', 'OffRoad', 'Cybertruck'],
  ],
};
