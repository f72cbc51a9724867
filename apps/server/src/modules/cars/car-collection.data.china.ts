import type { BrandModels } from './car-collection.types';

// Chinese brands: most new cars sold in Russia since 2022 (Haval, Chery, Geely, Changan and their
// sub-brands). Same class rules as the European file.
export const chineseBrands: BrandModels = {
  Changan: [
    ['sedan', 'Compact', 'Alsvin'],
    ['sedan', 'MiddleSize', 'Eado, Eado Plus, Lamore, Deepal SL03'],
    ['liftback', 'MiddleSize', 'UNI-V'],
    ['crossover', 'Crossover', 'CS35, CS35 Plus, CS55 Plus, CS75 Plus, CS85 Coupe, UNI-T, UNI-S, X5 Plus'],
    ['crossover', 'Crossover', 'Deepal S7'],
    ['crossover', 'OffRoad', 'UNI-K, CS95'],
    ['pickup', 'OffRoad', 'Hunter Plus'],
  ],
  Chery: [
    ['hatchback', 'Mini', 'QQ, Kimo'],
    ['hatchback', 'Compact', 'Very'],
    ['liftback', 'Compact', 'Bonus'],
    ['sedan', 'Compact', 'Amulet, Fora'],
    ['sedan', 'MiddleSize', 'Arrizo 5, Arrizo 7, Arrizo 8'],
    ['crossover', 'Crossover', 'Tiggo 2, Tiggo 2 Pro, Tiggo 3, Tiggo 4, Tiggo 4 Pro, Tiggo 5, Tiggo 7'],
    ['crossover', 'Crossover', 'Tiggo 7 Pro, Tiggo 7 Pro Max, Tiggo 8, Tiggo 8 Pro, Tiggo 8 Pro Max'],
    ['crossover', 'OffRoad', 'Tiggo 9'],
  ],
  Omoda: [
    ['sedan', 'MiddleSize', 'S5, S5 GT'],
    ['crossover', 'Crossover', 'C5, C7, E5'],
  ],
  Jaecoo: [
    ['crossover', 'Crossover', 'J6, J7'],
    ['crossover', 'OffRoad', 'J8'],
  ],
  Exeed: [
    ['sedan', 'MiddleSize', 'Exlantix ES'],
    ['crossover', 'Crossover', 'LX, TXL, RX, Exlantix ET'],
    ['crossover', 'OffRoad', 'VX'],
  ],
  Jetour: [
    ['crossover', 'Crossover', 'Dashing, X50, X70, X70 Plus'],
    ['crossover', 'OffRoad', 'X90 Plus'],
    ['suv', 'OffRoad', 'T2'],
  ],
  Tenet: [['crossover', 'Crossover', 'T4, T7, T8']],
  Geely: [
    ['hatchback', 'Mini', 'LC'],
    ['sedan', 'Compact', 'MK, GC6, Vision'],
    ['sedan', 'MiddleSize', 'Emgrand, Emgrand EC7, Preface'],
    ['crossover', 'Crossover', 'Coolray, Cityray, Atlas, Atlas Pro, Tugella, Monjaro, Emgrand X7'],
    ['crossover', 'OffRoad', 'Okavango'],
  ],
  Belgee: [
    ['sedan', 'MiddleSize', 'S50'],
    ['crossover', 'Crossover', 'X50, X70'],
  ],
  'Lynk & Co': [
    ['sedan', 'MiddleSize', '03'],
    ['crossover', 'Crossover', '01, 05, 06'],
    ['crossover', 'OffRoad', '09'],
  ],
  Zeekr: [
    ['sedan', 'MiddleSize', '007'],
    ['wagon', 'MiddleSize', '001'],
    ['crossover', 'Crossover', 'X, 7X'],
    ['minivan', 'MicroBus', '009'],
  ],
  Haval: [
    ['crossover', 'Crossover', 'Jolion, F7, F7x, H6, H6 Coupe, H2, H3, M6, Dargo, Dargo X'],
    ['crossover', 'OffRoad', 'H8'],
    ['suv', 'OffRoad', 'H5, H9'],
  ],
  Tank: [['suv', 'OffRoad', '300, 400, 500, 700']],
  'Great Wall': [
    ['crossover', 'Crossover', 'Hover M4'],
    ['suv', 'OffRoad', 'Hover H3, Hover H5, Safe'],
    ['pickup', 'OffRoad', 'Wingle 5, Wingle 7, Poer'],
  ],
  FAW: [
    ['sedan', 'Compact', 'Oley, V5'],
    ['sedan', 'MiddleSize', 'Besturn B50, Bestune B70'],
    ['crossover', 'Crossover', 'Besturn X40, Besturn X80, Bestune T77'],
    ['crossover', 'OffRoad', 'Bestune T99'],
  ],
  Hongqi: [
    ['sedan', 'MiddleSize', 'H5, H6, H9'],
    ['crossover', 'Crossover', 'HS3, HS5'],
    ['crossover', 'OffRoad', 'HS7, E-HS9'],
    ['minivan', 'MicroBus', 'HQ9'],
  ],
  Dongfeng: [
    ['hatchback', 'Compact', 'H30 Cross'],
    ['sedan', 'MiddleSize', 'Shine Max'],
    ['crossover', 'Crossover', '580, AX7, Huge, Mage'],
    ['pickup', 'OffRoad', 'Rich'],
  ],
  Voyah: [
    ['sedan', 'MiddleSize', 'Passion'],
    ['crossover', 'Crossover', 'Courage'],
    ['crossover', 'OffRoad', 'Free'],
    ['minivan', 'MicroBus', 'Dream'],
  ],
  JAC: [
    ['liftback', 'MiddleSize', 'J7'],
    ['crossover', 'Crossover', 'JS3, JS4, JS6, S3, S5'],
    ['pickup', 'OffRoad', 'T6, T8, T9'],
    ['microbus', 'MicroBus', 'Sunray'],
  ],
  'Li Auto': [
    ['crossover', 'OffRoad', 'L6, L7, L8, L9, One'],
    ['minivan', 'MicroBus', 'Mega'],
  ],
  Aito: [
    ['crossover', 'Crossover', 'M5'],
    ['crossover', 'OffRoad', 'M7, M9'],
  ],
  BYD: [
    ['hatchback', 'Compact', 'Dolphin'],
    ['sedan', 'Compact', 'F3'],
    ['sedan', 'MiddleSize', 'Qin Plus, Han, Seal'],
    ['crossover', 'Crossover', 'Song Plus, Yuan Plus'],
    ['crossover', 'OffRoad', 'Tang'],
  ],
  Xpeng: [
    ['sedan', 'MiddleSize', 'P7'],
    ['crossover', 'Crossover', 'G6'],
    ['crossover', 'OffRoad', 'G9'],
  ],
  Kaiyi: [
    ['sedan', 'MiddleSize', 'E5'],
    ['crossover', 'Crossover', 'X3, X3 Pro, X7 Kunlun'],
  ],
  Livan: [
    ['sedan', 'MiddleSize', 'S6 Pro'],
    ['crossover', 'Crossover', 'X3 Pro, X6 Pro, 7'],
  ],
  BAIC: [
    ['sedan', 'MiddleSize', 'U5 Plus'],
    ['crossover', 'Crossover', 'X35, X55, X7'],
    ['suv', 'OffRoad', 'BJ40, BJ60'],
  ],
  Soueast: [
    ['crossover', 'Crossover', 'S07, DX8S'],
    ['crossover', 'OffRoad', 'S09'],
  ],
  Lifan: [
    ['hatchback', 'Mini', 'Smily'],
    ['sedan', 'Compact', 'Breez, Solano, Cebrium, Celliya'],
    ['sedan', 'MiddleSize', 'Murman'],
    ['crossover', 'Crossover', 'X50, X60, X70, Myway'],
  ],
  Brilliance: [
    ['sedan', 'Compact', 'H230'],
    ['sedan', 'MiddleSize', 'H530'],
    ['crossover', 'Crossover', 'V5'],
  ],
  Zotye: [
    ['sedan', 'Compact', 'Z300'],
    ['crossover', 'Crossover', 'T600, Coupa'],
  ],
  Haima: [
    ['sedan', 'Compact', '3'],
    ['crossover', 'Crossover', '7, 8S'],
  ],
  Vortex: [
    ['hatchback', 'Compact', 'Corda'],
    ['sedan', 'MiddleSize', 'Estina'],
    ['crossover', 'Crossover', 'Tingo'],
  ],
  Foton: [
    ['pickup', 'OffRoad', 'Tunland'],
    ['suv', 'OffRoad', 'Sauvana'],
    ['microbus', 'MicroBus', 'View'],
  ],
};
